// @vitest-environment node
/**
 * The demo's browser storage is full: a save is answered as an error with what to do, never
 * as 操作成功, and what the lists show afterwards is what a reload would show. The page's
 * localStorage is played by a fake with a quota whose setItem throws QuotaExceededError, as a
 * browser's does.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileById } from '@/mocks/file-bytes';
import { call, signIn, withMockServer } from './harness';

withMockServer();

const STORAGE_FULL =
  '演示数据已占满浏览器存储，本次保存未成功。请删除不用的记录或附件后再试，或清除本网站的浏览器数据（演示数据将恢复为初始状态）';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

interface Page<T> {
  data: T[];
  total: number;
}
interface Notice {
  notice_title: string;
}

/** A browser's localStorage: strings by key, at most `quota` characters (keys and values). */
function fakeLocalStorage() {
  const entries = new Map<string, string>();
  let quota = Number.POSITIVE_INFINITY;
  const used = (except?: string) =>
    [...entries].reduce(
      (sum, [key, value]) => (key === except ? sum : sum + key.length + value.length),
      0,
    );
  return {
    get length() {
      return entries.size;
    },
    key: (index: number) => [...entries.keys()][index] ?? null,
    getItem: (key: string) => entries.get(key) ?? null,
    setItem(key: string, value: string) {
      if (used(key) + key.length + value.length > quota)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      entries.set(key, String(value));
    },
    removeItem: (key: string) => void entries.delete(key),
    clear: () => entries.clear(),
    /** From now on, room for `room` more characters only. */
    fillBut(room: number) {
      quota = used() + room;
    },
  };
}

let storage: ReturnType<typeof fakeLocalStorage>;

beforeEach(() => {
  storage = fakeLocalStorage();
  vi.stubGlobal('window', { localStorage: storage, addEventListener: () => undefined });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function noticeTitles(token: string): Promise<string[]> {
  const page = await call<Page<Notice>>('GET', '/api/adminnotice/list', {
    token,
    query: { pageindex: 1, pagesize: 100 },
  });
  return page.data.data.map((notice) => notice.notice_title);
}

function storedNotices(): string {
  return storage.getItem('admin-mock-db-v2:adminnotice') ?? '';
}

describe('the demo when browser storage is full', () => {
  it('answers a save that does not fit as an error saying what to do, and the list does not show it', async () => {
    const token = await signIn();
    await call('POST', '/api/adminnotice/add', {
      token,
      body: { notice_title: '放得下的公告', notice_type: 1, notice_content: '短' },
    });
    storage.fillBut(2_000);

    const big = 'X'.repeat(60_000);
    const refused = await call('POST', '/api/adminnotice/add', {
      token,
      body: { notice_title: '太大的公告', notice_type: 1, notice_content: big },
    });
    expect(refused).toEqual({ status: 201, msg: STORAGE_FULL, data: null });

    // Memory and storage agree: neither has it, so a reload shows the same list.
    const titles = await noticeTitles(token);
    expect(titles).toContain('放得下的公告');
    expect(titles).not.toContain('太大的公告');
    expect(storedNotices()).not.toContain('太大的公告');

    // The session still works and a save that fits is stored.
    const small = await call('POST', '/api/adminnotice/add', {
      token,
      body: { notice_title: '小公告', notice_type: 1, notice_content: '短' },
    });
    expect(small.status).toBe(200);
    expect(await noticeTitles(token)).toContain('小公告');
    expect(storedNotices()).toContain('小公告');
  });

  it('refuses an edit that does not fit and keeps the record as it was', async () => {
    const token = await signIn();
    const added = await call<{ id: number }>('POST', '/api/adminnotice/add', {
      token,
      body: { notice_title: '原标题', notice_type: 1, notice_content: '原内容' },
    });
    storage.fillBut(2_000);
    const edit = await call('POST', '/api/adminnotice/edit', {
      token,
      body: { id: added.data.id, notice_title: '新标题', notice_content: 'Y'.repeat(60_000) },
    });
    expect(edit).toEqual({ status: 201, msg: STORAGE_FULL, data: null });
    const info = await call<Notice>('POST', '/api/adminnotice/info', {
      token,
      body: { id: { id: added.data.id } },
    });
    expect(info.data.notice_title).toBe('原标题');
  });

  it('refuses an upload whose rows do not fit: no attachment, and its bytes are not kept', async () => {
    const token = await signIn();
    storage.fillBut(0);
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'logo.png');
    const answer = await call('POST', '/api/tool/uploadimg/', { token, body: form });
    expect(answer).toEqual({ status: 201, msg: STORAGE_FULL, data: null });
    storage.fillBut(Number.POSITIVE_INFINITY);

    const library = await call<Page<{ att_title: string }>>('GET', '/api/attachment/list', {
      token,
      query: { pageindex: 1, pagesize: 100 },
    });
    expect(library.data.data.map((row) => row.att_title)).not.toContain('logo.png');
    // No bytes without their row: the first ids hold nothing.
    for (const id of [1, 2, 3]) expect(await fileById(id)).toBeUndefined();
  });

  it('answers the editor in its own protocol', async () => {
    const token = await signIn();
    storage.fillBut(0);
    const form = new FormData();
    form.append('upfile', new Blob([PNG], { type: 'image/png' }), 'logo.png');
    const answer = await call<never>('POST', '/ueditor/ue', {
      token,
      query: { action: 'uploadimage' },
      body: form,
    });
    expect(answer).toMatchObject({ state: STORAGE_FULL });
  });
});
