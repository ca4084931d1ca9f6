/**
 * The theme module: the stored choice (跟随系统 when none), which theme it shows, the one theme
 * stylesheet linked first in <head>, `data-theme` for our tokens, and 跟随系统 following the system.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Vitest stubs CSS imports, addresses included: give each theme one to tell them apart.
vi.mock('primereact/resources/themes/lara-light-blue/theme.css?url', () => ({
  default: '/assets/lara-light-blue.css',
}));
vi.mock('primereact/resources/themes/lara-dark-blue/theme.css?url', () => ({
  default: '/assets/lara-dark-blue.css',
}));
vi.mock('primereact/resources/themes/lara-light-blue/theme.css?login-page&url', () => ({
  default: '/assets/lara-light-blue.login-page.css',
}));
vi.mock('primereact/resources/themes/lara-dark-blue/theme.css?login-page&url', () => ({
  default: '/assets/lara-dark-blue.login-page.css',
}));

type Listener = () => void;
let systemDark = false;
const mediaListeners = new Set<Listener>();

function setSystemDark(dark: boolean): void {
  systemDark = dark;
  for (const listener of mediaListeners) listener();
}

/** A fresh module per test: the choice it remembers is the page's. */
async function loadTheme() {
  vi.resetModules();
  return import('@/lib/theme');
}

const themeLinks = () => document.head.querySelectorAll('link[data-theme-stylesheet]');

/** jsdom never loads stylesheets: tell the newest theme link it has loaded. */
function loadLinks(): void {
  [...themeLinks()].at(-1)?.dispatchEvent(new Event('load'));
}

const stylesheets = () => document.head.querySelectorAll('link[rel="stylesheet"]');
const linkedHref = () =>
  [...themeLinks()].map((link) => (link instanceof HTMLLinkElement ? link.href : '')).join(' ');

beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = '<link rel="stylesheet" href="/assets/index.css">';
  delete document.documentElement.dataset.theme;
  systemDark = false;
  mediaListeners.clear();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: dark)' && systemDark;
    },
    addEventListener: (_type: string, listener: Listener) => mediaListeners.add(listener),
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('theme', () => {
  it('follows the system when nothing is stored', async () => {
    const theme = await loadTheme();
    expect(theme.getThemeChoice()).toBe('system');
    expect(theme.resolveTheme()).toBe('light');
    systemDark = true;
    expect(theme.resolveTheme()).toBe('dark');
  });

  it('ignores an unknown stored value', async () => {
    localStorage.setItem('theme', 'sepia');
    const theme = await loadTheme();
    expect(theme.getThemeChoice()).toBe('system');
  });

  it('links only the chosen theme, before the app stylesheet, and marks <html>', async () => {
    localStorage.setItem('theme', 'dark');
    const theme = await loadTheme();
    const ready = theme.initTheme();
    loadLinks();
    await ready;
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(stylesheets()).toHaveLength(2);
    expect(stylesheets()[0]?.hasAttribute('data-theme-stylesheet')).toBe(true);
    expect(linkedHref()).toContain('lara-dark-blue');
  });

  it('keeps the choice and swaps the stylesheet', async () => {
    const theme = await loadTheme();
    const first = theme.initTheme();
    loadLinks();
    await first;
    expect(linkedHref()).toContain('lara-light-blue');

    const swapped = theme.setThemeChoice('dark');
    // Until the dark stylesheet has loaded, the light one stays and so does data-theme.
    expect(themeLinks()).toHaveLength(2);
    expect(document.documentElement.dataset.theme).toBe('light');
    loadLinks();
    await swapped;
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(linkedHref()).not.toContain('lara-light-blue');
    expect(linkedHref()).toContain('lara-dark-blue');
    expect(document.documentElement.dataset.theme).toBe('dark');

    const back = theme.setThemeChoice('system');
    loadLinks();
    await back;
    expect(localStorage.getItem('theme')).toBeNull();
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('follows a change of the system preference only under 跟随系统', async () => {
    const theme = await loadTheme();
    const ready = theme.initTheme();
    loadLinks();
    await ready;
    setSystemDark(true);
    loadLinks();
    await vi.waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));

    const light = theme.setThemeChoice('light');
    loadLinks();
    await light;
    setSystemDark(false);
    setSystemDark(true);
    expect(themeLinks()).toHaveLength(1);
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it("links the login page's cut first, and the whole theme in its place once a page asks", async () => {
    const theme = await loadTheme();
    const first = theme.initTheme();
    loadLinks();
    await first;
    expect(linkedHref()).toBe('http://localhost:3000/assets/lara-light-blue.login-page.css');

    const whole = theme.loadWholeTheme();
    // The cut stays until the whole theme has loaded: the page is never unstyled.
    expect(themeLinks()).toHaveLength(2);
    loadLinks();
    await whole;
    expect(linkedHref()).toBe('http://localhost:3000/assets/lara-light-blue.css');

    // For the rest of the visit: a switch links the other theme whole.
    const dark = theme.setThemeChoice('dark');
    loadLinks();
    await dark;
    expect(linkedHref()).toBe('http://localhost:3000/assets/lara-dark-blue.css');
  });

  it('waits for the whole theme already on its way instead of drawing before it', async () => {
    // A signed-in visitor's first page asks for the whole theme before the entry links any.
    const theme = await loadTheme();
    const whole = theme.loadWholeTheme();
    let ready = false;
    const init = theme.initTheme().then(() => (ready = true));
    await Promise.resolve();
    expect(ready).toBe(false);
    expect(themeLinks()).toHaveLength(1);
    loadLinks();
    await Promise.all([whole, init]);
    expect(ready).toBe(true);
    expect(linkedHref()).toBe('http://localhost:3000/assets/lara-light-blue.css');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('keeps only the latest choice when switches overlap', async () => {
    const theme = await loadTheme();
    const ready = theme.initTheme();
    loadLinks();
    await ready;
    const dark = theme.setThemeChoice('dark');
    const darkLink = [...themeLinks()].at(-1);
    const light = theme.setThemeChoice('light');
    loadLinks();
    darkLink?.dispatchEvent(new Event('load'));
    await Promise.all([dark, light]);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(linkedHref()).not.toContain('lara-dark-blue');
  });

  it('useShownTheme follows the theme on screen, once its stylesheet has loaded', async () => {
    const theme = await loadTheme();
    const first = theme.initTheme();
    loadLinks();
    await first;
    const { result } = renderHook(() => theme.useShownTheme());
    expect(result.current).toBe('light');
    const swapped = theme.setThemeChoice('dark');
    // The choice is made, but the page still shows light until the dark stylesheet has loaded.
    expect(result.current).toBe('light');
    loadLinks();
    await act(() => swapped);
    await waitFor(() => expect(result.current).toBe('dark'));
  });
});
