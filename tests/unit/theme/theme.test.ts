/**
 * The theme module: the stored choice (跟随系统 when none), which theme it shows, the one theme
 * stylesheet linked first in <head>, `data-theme` for our tokens, and 跟随系统 following the system.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Vitest stubs CSS imports, addresses included: give each theme one to tell them apart.
vi.mock('primereact/resources/themes/lara-light-blue/theme.css?url', () => ({
  default: '/assets/lara-light-blue.css',
}));
vi.mock('primereact/resources/themes/lara-dark-blue/theme.css?url', () => ({
  default: '/assets/lara-dark-blue.css',
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

/** jsdom never loads stylesheets: tell the link it has loaded once its address is set. */
function loadLinks(): void {
  const link = document.getElementById('theme-stylesheet');
  link?.dispatchEvent(new Event('load'));
}

const themeLinks = () => document.head.querySelectorAll('link[rel="stylesheet"]');
const linkedHref = () => document.querySelector<HTMLLinkElement>('#theme-stylesheet')?.href ?? '';

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
    expect(themeLinks()).toHaveLength(2);
    expect(themeLinks()[0]?.id).toBe('theme-stylesheet');
    expect(linkedHref()).toContain('lara-dark-blue');
  });

  it('keeps the choice and swaps the stylesheet', async () => {
    const theme = await loadTheme();
    const first = theme.initTheme();
    loadLinks();
    await first;
    expect(linkedHref()).toContain('lara-light-blue');

    const swapped = theme.setThemeChoice('dark');
    loadLinks();
    await swapped;
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(linkedHref()).toContain('lara-dark-blue');
    expect(document.querySelectorAll('#theme-stylesheet')).toHaveLength(1);

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
    expect(document.documentElement.dataset.theme).toBe('dark');

    const light = theme.setThemeChoice('light');
    loadLinks();
    await light;
    setSystemDark(false);
    setSystemDark(true);
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
