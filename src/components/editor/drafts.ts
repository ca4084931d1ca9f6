/**
 * Drafts that survive (issue 12, spec section 2 "auto-save"): the editor's HTML is kept in
 * local storage under a key made of the page address and the editor id, written at most every
 * 500 ms while the content changes and never twice within 20 ms. Local storage, not the session:
 * logout (`clearSession`) clears only the session storage keys, so a draft is still offered after
 * a reload or a re-login, and only `clear()` (on save) removes it.
 *
 * Also the "saved" notice timing: shown for 2 s, 2 s after the last autosave.
 */
import { isRecord } from '@/core/guards';
import { EDITOR_LIMITS } from './model/blocks';

export const DRAFT_KEY_PREFIX = 'editor-draft:';

export interface Draft {
  html: string;
  /** When it was written (ms since the epoch). */
  savedAt: number;
}

/** The part of Storage the drafts use (tests pass a map). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface DraftStoreOptions {
  /** The page address (route path, with its query when the query picks the record). */
  address: string;
  /** Tells apart the editors of one page (the form field name). */
  editorId: string;
  /** Local storage by default. */
  storage?: DraftStorage;
  /** Called after each write (the saved notice listens here). */
  onSaved?: (draft: Draft) => void;
  intervalMs?: number;
  minGapMs?: number;
  now?: () => number;
}

export interface DraftStore {
  readonly key: string;
  /** Records the latest content; written within the interval. */
  save(html: string): void;
  /** Writes a pending change now (page hide, before unmount). */
  flush(): void;
  /** The stored draft, if any. */
  load(): Draft | undefined;
  /** Forgets the draft and any pending change (after the record is saved). */
  clear(): void;
  /** Stops the timer; a pending change is written first. */
  dispose(): void;
}

/** The storage key of a page's editor: the address without its fragment or trailing slash. */
export function draftKey(address: string, editorId: string): string {
  const path = address.split('#')[0]?.replace(/\/+(?=\?|$)/, '') || '/';
  return `${DRAFT_KEY_PREFIX}${path}|${editorId}`;
}

function defaultStorage(): DraftStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage disabled by the browser: drafts are simply not kept.
    return undefined;
  }
}

function isDraft(value: unknown): value is Draft {
  return isRecord(value) && typeof value.html === 'string' && typeof value.savedAt === 'number';
}

export function createDraftStore(options: DraftStoreOptions): DraftStore {
  const key = draftKey(options.address, options.editorId);
  const storage = options.storage ?? defaultStorage();
  const intervalMs = options.intervalMs ?? EDITOR_LIMITS.autosaveIntervalMs;
  const minGapMs = options.minGapMs ?? EDITOR_LIMITS.autosaveMinGapMs;
  const now = options.now ?? Date.now;

  let pending: string | undefined;
  let written: string | undefined;
  let lastWrite = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const write = () => {
    const html = pending;
    pending = undefined;
    if (html === undefined || html === written || !storage) return;
    const draft: Draft = { html, savedAt: now() };
    try {
      if (html.trim() === '') storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(draft));
    } catch (error) {
      // A full storage loses the draft, never the editing.
      console.warn('editor draft not saved', error);
      return;
    }
    written = html;
    lastWrite = draft.savedAt;
    options.onSaved?.(draft);
  };

  /** Writes now unless the last write was under minGapMs ago; then waits out the gap. */
  const attempt = () => {
    timer = undefined;
    if (pending === undefined) return;
    const gap = now() - lastWrite;
    if (gap < minGapMs) {
      timer = setTimeout(attempt, minGapMs - gap);
      return;
    }
    write();
  };

  return {
    key,
    save(html) {
      pending = html;
      timer ??= setTimeout(attempt, intervalMs);
    },
    flush() {
      if (pending === undefined) return;
      cancel();
      attempt();
    },
    load() {
      const raw = storage?.getItem(key);
      if (!raw) return undefined;
      try {
        const parsed: unknown = JSON.parse(raw);
        return isDraft(parsed) ? parsed : undefined;
      } catch {
        return undefined;
      }
    },
    clear() {
      cancel();
      pending = undefined;
      written = undefined;
      storage?.removeItem(key);
    },
    dispose() {
      if (pending !== undefined) {
        cancel();
        // Unmounting writes what is left even inside the gap: nothing typed is lost.
        lastWrite = Number.NEGATIVE_INFINITY;
        write();
      }
      cancel();
    },
  };
}

export interface SavedNoticeOptions {
  /** Called with true when the notice appears and false when it goes. */
  onChange: (visible: boolean) => void;
  delayMs?: number;
  showMs?: number;
}

export interface SavedNotice {
  /** An autosave happened: the notice shows delayMs after the last one, for showMs. */
  saved(): void;
  readonly visible: boolean;
  dispose(): void;
}

/** The "已自动保存" notice timing (2 s delay, 2 s shown) as a small scheduler for the UI. */
export function createSavedNotice(options: SavedNoticeOptions): SavedNotice {
  const delayMs = options.delayMs ?? EDITOR_LIMITS.savedNoticeDelayMs;
  const showMs = options.showMs ?? EDITOR_LIMITS.savedNoticeShowMs;
  let visible = false;
  let showTimer: ReturnType<typeof setTimeout> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  const set = (next: boolean) => {
    if (visible === next) return;
    visible = next;
    options.onChange(next);
  };
  return {
    saved() {
      if (showTimer !== undefined) clearTimeout(showTimer);
      showTimer = setTimeout(() => {
        showTimer = undefined;
        set(true);
        if (hideTimer !== undefined) clearTimeout(hideTimer);
        hideTimer = setTimeout(() => {
          hideTimer = undefined;
          set(false);
        }, showMs);
      }, delayMs);
    },
    get visible() {
      return visible;
    },
    dispose() {
      if (showTimer !== undefined) clearTimeout(showTimer);
      if (hideTimer !== undefined) clearTimeout(hideTimer);
      showTimer = hideTimer = undefined;
      visible = false;
    },
  };
}
