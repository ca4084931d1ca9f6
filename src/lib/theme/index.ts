/**
 * Light and dark themes: PrimeReact's lara light and lara dark stylesheets, one of them linked at a
 * time (only the active theme's CSS is fetched), and `data-theme` on <html> for our own tokens
 * (src/app/base.css defines the --shell-* colours once per theme). The user's choice — 浅色, 深色 or
 * 跟随系统 — is kept in localStorage; 跟随系统 (the default) follows prefers-color-scheme live.
 *
 * /login draws with the login page's cut of the theme (vite-plugins/login-theme.ts: 2.2 KB instead
 * of 19.3 KB on the wire); a page with PrimeReact components asks for the whole theme first
 * (`loadWholeTheme`, in its route), which replaces the cut for the rest of the visit.
 */
import { useSyncExternalStore } from 'react';
import lightThemeUrl from 'primereact/resources/themes/lara-light-blue/theme.css?url';
import darkThemeUrl from 'primereact/resources/themes/lara-dark-blue/theme.css?url';
import lightLoginThemeUrl from 'primereact/resources/themes/lara-light-blue/theme.css?login-page&url';
import darkLoginThemeUrl from 'primereact/resources/themes/lara-dark-blue/theme.css?login-page&url';

export type Theme = 'light' | 'dark';
export type ThemeChoice = Theme | 'system';

export const THEME_CHOICES: readonly ThemeChoice[] = ['light', 'dark', 'system'];
/** The localStorage key of the choice (absent: 跟随系统). */
export const THEME_STORAGE_KEY = 'theme';
/** How much of the theme is linked: the login page's cut, or all of it (for good, once asked). */
type Coverage = 'login-page' | 'whole';
const THEME_URL: Record<Coverage, Record<Theme, string>> = {
  'login-page': { light: lightLoginThemeUrl, dark: darkLoginThemeUrl },
  whole: { light: lightThemeUrl, dark: darkThemeUrl },
};
let coverage: Coverage = 'login-page';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const LINK_ATTRIBUTE = 'data-theme-stylesheet';
const LINK_SELECTOR = `link[${LINK_ATTRIBUTE}]`;

const isChoice = (value: unknown): value is ThemeChoice =>
  THEME_CHOICES.some((choice) => choice === value);

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage refused (privacy settings): the choice lasts for the page only.
    return undefined;
  }
}

let current: ThemeChoice | undefined;
const listeners = new Set<() => void>();

/** The stored choice, 跟随系统 when none (or an unknown value) is stored. */
export function getThemeChoice(): ThemeChoice {
  if (current) return current;
  const stored = storage()?.getItem(THEME_STORAGE_KEY);
  return isChoice(stored) ? stored : 'system';
}

function systemTheme(): Theme {
  return typeof window !== 'undefined' && window.matchMedia?.(DARK_QUERY).matches
    ? 'dark'
    : 'light';
}

/** The theme a choice shows now. */
export function resolveTheme(choice: ThemeChoice = getThemeChoice()): Theme {
  return choice === 'system' ? systemTheme() : choice;
}

/** Counts the theme switches, so only the latest one's stylesheet stays when loads overlap. */
let generation = 0;
/** The links still loading, with the promise of their switch: a second ask for one waits for it. */
const loading = new WeakMap<HTMLLinkElement, Promise<void>>();

/**
 * Links `theme`'s stylesheet first in <head> (so base.css and every later stylesheet override the
 * theme's variables, --font-family among them) and resolves once it has loaded. On a switch the
 * new stylesheet is added beside the old one, which is removed and `data-theme` changed only once
 * the new one has loaded: the page never shows unstyled or half-switched components.
 */
function applyTheme(theme: Theme): Promise<void> {
  const root = document.documentElement;
  const href = new URL(THEME_URL[coverage][theme], document.baseURI).href;
  const linked = [...document.querySelectorAll<HTMLLinkElement>(LINK_SELECTOR)];
  const shown = linked.at(-1);
  if (shown?.href === href) {
    const pending = loading.get(shown);
    if (pending) return pending;
    root.dataset.theme = theme;
    return Promise.resolve();
  }
  const mine = (generation += 1);
  // The first theme: our own tokens apply at once, while the page is still empty.
  if (!shown) root.dataset.theme = theme;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.setAttribute(LINK_ATTRIBUTE, theme);
  link.href = href;
  if (shown) shown.after(link);
  else document.head.prepend(link);
  const switched = new Promise<void>((resolve) => {
    // A failed stylesheet must not hold the app back: the shell's own tokens still apply.
    const done = () => {
      loading.delete(link);
      if (mine !== generation) link.remove();
      else {
        for (const old of linked) old.remove();
        root.dataset.theme = theme;
      }
      resolve();
    };
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
  });
  loading.set(link, switched);
  return switched;
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Keeps and shows the user's choice. */
export function setThemeChoice(choice: ThemeChoice): Promise<void> {
  current = choice;
  const store = storage();
  try {
    if (choice === 'system') store?.removeItem(THEME_STORAGE_KEY);
    else store?.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage full or refused: the choice still holds for this page (`current`).
  }
  notify();
  return applyTheme(resolveTheme(choice));
}

/**
 * Links the whole theme in place of the login page's cut, for the rest of the visit; resolves
 * once it has loaded. Every route but /login waits for it beside its code (app/routes.tsx).
 */
export function loadWholeTheme(): Promise<void> {
  coverage = 'whole';
  return applyTheme(resolveTheme());
}

/** `load`'s module once it and the whole theme are there: for code drawing PrimeReact components. */
export async function withWholeTheme<T>(load: () => Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([load(), loadWholeTheme()]);
  return loaded;
}

let started = false;

/**
 * Shows the stored choice before the first render and follows the system's preference while the
 * choice is 跟随系统. Resolves when the theme's stylesheet has loaded.
 */
export function initTheme(): Promise<void> {
  if (!started && typeof window !== 'undefined' && window.matchMedia) {
    started = true;
    window.matchMedia(DARK_QUERY).addEventListener('change', () => {
      if (getThemeChoice() !== 'system') return;
      notify();
      void applyTheme(systemTheme());
    });
  }
  return applyTheme(resolveTheme());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The user's choice, re-rendering when it changes. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, getThemeChoice, getThemeChoice);
}

function subscribeShown(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

const shownTheme = (): Theme =>
  document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';

/**
 * The theme on screen (`data-theme`, changed once the theme's stylesheet has loaded), re-rendering
 * when it changes: for what CSS cannot colour, such as a chart drawn on a canvas.
 */
export function useShownTheme(): Theme {
  return useSyncExternalStore(subscribeShown, shownTheme, () => 'light');
}
