// @vitest-environment node
/**
 * The page-preload seam: a page names the path it expects to lead to; the app's registered
 * preloader gets the path alone (no query, no hash), and nothing happens before one registers.
 */
import { describe, expect, it, vi } from 'vitest';

describe('page preload', () => {
  it('hands the path without its query to the registered preloader, and is quiet before', async () => {
    vi.resetModules();
    const { preloadPage, setPagePreloader } = await import('@/lib/page-preload');
    expect(() => preloadPage('/system/notice')).not.toThrow();
    const asked: string[] = [];
    setPagePreloader((path) => asked.push(path));
    preloadPage('/system/notice?page=2');
    preloadPage('/homepage#top');
    preloadPage('/');
    expect(asked).toEqual(['/system/notice', '/homepage', '/']);
  });
});
