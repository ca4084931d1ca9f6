/**
 * Where the request client sends the user (220 → /no-permission, 401 → /login). The router
 * replaces the default full-page navigation with its own `navigate`, whose promise settles
 * when the new page is there (the status handling waits for it to de-duplicate a burst).
 */
export type RequestNavigator = (path: string) => void | Promise<void>;

const defaultNavigator: RequestNavigator = (path) => {
  if (typeof window !== 'undefined') window.location.assign(path);
};

let navigator: RequestNavigator = defaultNavigator;

/** Installs the navigator; returns a function restoring the previous one. */
export function setRequestNavigator(next: RequestNavigator | undefined): () => void {
  const previous = navigator;
  navigator = next ?? defaultNavigator;
  return () => {
    navigator = previous;
  };
}

export function navigateTo(path: string): void | Promise<void> {
  return navigator(path);
}

/** The path the browser shows now ('' outside a browser). */
export function currentPath(): string {
  return typeof window === 'undefined' ? '' : window.location.pathname;
}
