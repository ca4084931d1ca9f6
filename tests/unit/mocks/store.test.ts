/**
 * The mock database in the browser: every table is its own storage entry, a write stores
 * only the tables that changed, and a reload reads them back.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

type Store = typeof import('@/mocks/store');

/** A fresh copy of the store module: what a page reload gives. */
async function reload(): Promise<Store> {
  vi.resetModules();
  const store = await import('@/mocks/store');
  store.registerSeed(() => ({ books: [{ id: 1, title: '红楼梦' }], files: [] }));
  return store;
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('mock store persistence', () => {
  it('writes only the tables that changed and reads them back after a reload', async () => {
    const store = await reload();
    store.table('files').rows.push({ id: 1, data: 'QUJD' });
    store.persist();
    const writes = vi.spyOn(Storage.prototype, 'setItem');

    store.persist();
    expect(writes).not.toHaveBeenCalled();

    store.table('books').rows.push({ id: 2, title: '西游记' });
    store.persist();
    expect(writes.mock.calls.map(([key]) => key)).toEqual(['admin-mock-db-v2:books']);

    const reloaded = await reload();
    expect(reloaded.table('books').rows.map((row) => row.title)).toEqual(['红楼梦', '西游记']);
    expect(reloaded.table('files').rows).toEqual([{ id: 1, data: 'QUJD' }]);
  });

  it('a write that does not fit is refused whole: memory goes back to what storage holds', async () => {
    const store = await reload();
    store.table('books');
    store.persist();
    // eslint-disable-next-line @typescript-eslint/unbound-method -- the original, called with .call(this) by the spy
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
      this: Storage,
      key: string,
      value: string,
    ) {
      if (key.endsWith(':files')) throw new DOMException('full', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // One write changing two tables: books fits, files does not.
    store.table('books').rows.push({ id: 2, title: '西游记' });
    store.table('files').rows.push({ id: 1, data: 'QUJD' });
    expect(() => store.persist()).toThrow(
      new store.StorageFullError(
        '演示数据已占满浏览器存储，本次保存未成功。请删除不用的记录或附件后再试，或清除本网站的浏览器数据（演示数据将恢复为初始状态）',
      ),
    );
    // Neither table keeps the write, in memory or in storage: all or nothing.
    expect(store.table('books').rows.map((row) => row.title)).toEqual(['红楼梦']);
    expect(store.table('files').rows).toEqual([]);
    vi.restoreAllMocks();

    const reloaded = await reload();
    expect(reloaded.table('books').rows.map((row) => row.title)).toEqual(['红楼梦']);
    expect(reloaded.table('files').rows).toEqual([]);
  });

  it('once there is room again the next write is stored', async () => {
    const store = await reload();
    const full = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    store.table('books').rows.push({ id: 2, title: '西游记' });
    expect(() => store.persist()).toThrow(store.StorageFullError);
    full.mockRestore();

    store.table('books').rows.push({ id: 3, title: '水浒传' });
    store.persist();
    const reloaded = await reload();
    expect(reloaded.table('books').rows.map((row) => row.title)).toEqual(['红楼梦', '水浒传']);
  });

  it('reset restores the seeds and clears what was stored', async () => {
    const store = await reload();
    store.table('books').rows.push({ id: 2, title: '西游记' });
    store.persist();
    store.resetTables();
    expect(store.table('books').rows).toEqual([{ id: 1, title: '红楼梦' }]);
    expect(Object.keys(localStorage)).toEqual([]);
    const reloaded = await reload();
    expect(reloaded.table('books').rows).toHaveLength(1);
  });
});
