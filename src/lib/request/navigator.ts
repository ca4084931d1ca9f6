/**
 * Where the request client sends the user (220 → /no-permission, 401 → /login). The router
 * replaces the default full-page navigation with its own `navigate`.
 */
export type RequestNavigator = (path: string) => void;

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

export function navigateTo(path: string): void {
  navigator(path);
}
