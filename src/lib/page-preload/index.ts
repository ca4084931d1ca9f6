/**
 * Lets a page start downloading the page it expects to lead to, before the navigation: the login
 * form, once a sign-in is on its way, fetches the signed-in part (the layout, the whole theme,
 * the first screen) while the server checks the password. The page names a path; the app, which
 * knows the route table, registers how that path's code is fetched (src/app/main.tsx).
 */
type PagePreloader = (path: string) => void;

let preloader: PagePreloader | undefined;

/** Registers how a path's code is fetched ahead (the app's route table). */
export function setPagePreloader(next: PagePreloader): void {
  preloader = next;
}

/** Starts downloading the code of `path` (query and hash ignored); nothing until the app registers. */
export function preloadPage(path: string): void {
  const [pathname = path] = path.split(/[?#]/);
  preloader?.(pathname);
}
