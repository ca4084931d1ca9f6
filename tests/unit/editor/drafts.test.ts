/**
 * Drafts that survive (issue 12): written at most every 500 ms and never within 20 ms of the
 * last write, kept in local storage under address + editor id through a reload and a logout,
 * removed on save; the "已自动保存" notice shows for 2 s, 2 s after the last autosave.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DRAFT_KEY_PREFIX,
  createDraftStore,
  createSavedNotice,
  draftKey,
  type DraftStorage,
} from '@/components/editor/drafts';
import { clearSession, getToken, startSession } from '@/lib/session';
import { editorStatus } from '@/locale/editor';

/** Local storage that counts writes. */
function countingStorage(): DraftStorage & { writes: string[] } {
  const writes: string[] = [];
  return {
    writes,
    getItem: (key) => localStorage.getItem(key),
    setItem: (key, value) => {
      writes.push(value);
      localStorage.setItem(key, value);
    },
    removeItem: (key) => localStorage.removeItem(key),
  };
}

const address = '/system/notice';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') });
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});

describe('draft store', () => {
  it('keys a draft by address and editor id', () => {
    expect(draftKey('/system/notice', 'content')).toBe(`${DRAFT_KEY_PREFIX}/system/notice|content`);
    expect(draftKey('/system/notice/#top', 'content')).toBe(draftKey('/system/notice', 'content'));
    expect(draftKey('/system/notice?id=3', 'content')).not.toBe(
      draftKey('/system/notice', 'content'),
    );
    expect(draftKey('/system/notice', 'summary')).not.toBe(draftKey('/system/notice', 'content'));
  });

  it('writes the latest content 500 ms after the first change', () => {
    const storage = countingStorage();
    const store = createDraftStore({ address, editorId: 'content', storage });
    store.save('<p>一</p>');
    vi.advanceTimersByTime(200);
    store.save('<p>一二</p>');
    vi.advanceTimersByTime(299);
    expect(storage.writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(store.load()).toEqual({ html: '<p>一二</p>', savedAt: Date.now() });
    expect(storage.writes).toHaveLength(1);
  });

  it('typing without a pause still saves every 500 ms', () => {
    const storage = countingStorage();
    const store = createDraftStore({ address, editorId: 'content', storage });
    for (let i = 1; i <= 20; i += 1) {
      store.save(`<p>${'字'.repeat(i)}</p>`);
      vi.advanceTimersByTime(100);
    }
    expect(storage.writes).toHaveLength(4);
    vi.advanceTimersByTime(500);
    expect(storage.writes).toHaveLength(4);
    expect(store.load()?.html).toBe(`<p>${'字'.repeat(20)}</p>`);
  });

  it('never writes twice within 20 ms: a flush right after a write waits out the gap', () => {
    const storage = countingStorage();
    const store = createDraftStore({ address, editorId: 'content', storage });
    store.save('<p>a</p>');
    vi.advanceTimersByTime(500);
    store.save('<p>ab</p>');
    vi.advanceTimersByTime(5);
    store.flush();
    expect(storage.writes).toHaveLength(1);
    vi.advanceTimersByTime(14);
    expect(storage.writes).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(storage.writes).toHaveLength(2);
    expect(store.load()?.html).toBe('<p>ab</p>');
  });

  it('does not write an unchanged draft again', () => {
    const storage = countingStorage();
    const store = createDraftStore({ address, editorId: 'content', storage });
    store.save('<p>a</p>');
    vi.advanceTimersByTime(500);
    store.save('<p>a</p>');
    vi.advanceTimersByTime(500);
    expect(storage.writes).toHaveLength(1);
  });

  it('survives a reload and a logout with re-login (local storage, not the session)', () => {
    startSession({
      token: 'tok-1',
      userinfo: { username: 'admin' },
      prilist: [],
    } as unknown as Parameters<typeof startSession>[0]);
    const before = createDraftStore({ address, editorId: 'content' });
    before.save('<p>写到一半的通知</p>');
    before.dispose();

    clearSession();
    expect(getToken()).toBe('');

    const afterReload = createDraftStore({ address, editorId: 'content' });
    expect(afterReload.load()?.html).toBe('<p>写到一半的通知</p>');
    expect(createDraftStore({ address, editorId: 'other' }).load()).toBeUndefined();
  });

  it('is removed on save, with any pending change', () => {
    const store = createDraftStore({ address, editorId: 'content' });
    store.save('<p>a</p>');
    vi.advanceTimersByTime(500);
    store.save('<p>ab</p>');
    store.clear();
    vi.advanceTimersByTime(1000);
    expect(store.load()).toBeUndefined();
    expect(localStorage.length).toBe(0);
  });

  it('an emptied editor leaves no draft; a broken entry reads as none', () => {
    const store = createDraftStore({ address, editorId: 'content' });
    store.save('<p>a</p>');
    vi.advanceTimersByTime(500);
    store.save('');
    vi.advanceTimersByTime(500);
    expect(store.load()).toBeUndefined();
    localStorage.setItem(store.key, '{not json');
    expect(store.load()).toBeUndefined();
    localStorage.setItem(store.key, JSON.stringify({ html: 1 }));
    expect(store.load()).toBeUndefined();
  });

  it('reports each write (the saved notice listens)', () => {
    const onSaved = vi.fn();
    const store = createDraftStore({ address, editorId: 'content', onSaved });
    store.save('<p>a</p>');
    vi.advanceTimersByTime(500);
    expect(onSaved).toHaveBeenCalledWith({ html: '<p>a</p>', savedAt: Date.now() });
  });
});

describe('saved notice', () => {
  it('shows for 2 s after a 2 s delay', () => {
    const changes: boolean[] = [];
    const notice = createSavedNotice({ onChange: (visible) => changes.push(visible) });
    notice.saved();
    vi.advanceTimersByTime(1999);
    expect(notice.visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(notice.visible).toBe(true);
    vi.advanceTimersByTime(1999);
    expect(notice.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(notice.visible).toBe(false);
    expect(changes).toEqual([true, false]);
    expect(editorStatus.autosaved).toBe('已自动保存');
  });

  it('counts the delay from the last autosave', () => {
    const notice = createSavedNotice({ onChange: () => undefined });
    notice.saved();
    vi.advanceTimersByTime(1500);
    notice.saved();
    vi.advanceTimersByTime(1999);
    expect(notice.visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(notice.visible).toBe(true);
    notice.dispose();
    vi.advanceTimersByTime(5000);
    expect(notice.visible).toBe(false);
  });
});
