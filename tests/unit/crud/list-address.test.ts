// @vitest-environment node
/**
 * A list's state in the address (issue 51): what an address restores, what a list writes back,
 * and that anything a list does not offer (a hand-edited or hostile link) is dropped, not sent.
 */
import { describe, expect, it } from 'vitest';
import {
  readListAddress,
  writeListAddress,
  type ListAddressRules,
  type ListAddressState,
} from '@/components/crud/list-address';
import { noticeModule } from '@generated/modules/notice';

const rules: ListAddressRules = {
  pageSizes: [10, 30, 40, 50, 80],
  defaultSize: 10,
  sortable: new Set(['id', 'sort', 'create_time']),
  searchFields: noticeModule.searchFields,
  ownFilters: ['start_time'],
};

const DEFAULTS: ListAddressState = { page: 1, size: 10, sort: null, keyword: '', filters: {} };

describe('a list in the address', () => {
  it('reads page, size, order, keyword and filters, with the filters as their options’ values', () => {
    const search = '?page=2&size=30&sort=create_time,desc&kw=%E6%94%BE%E5%81%87&f.notice_type=3';
    expect(readListAddress(search, rules)).toEqual({
      page: 2,
      size: 30,
      sort: { field: 'create_time', order: 'desc' },
      keyword: '放假',
      filters: { notice_type: 3 },
    });
  });

  it('writes nothing for the default list: a clean address', () => {
    expect(writeListAddress('', DEFAULTS, rules)).toBe('');
    expect(readListAddress('', rules)).toEqual(DEFAULTS);
  });

  it('writes only what differs from the defaults and reads it back the same', () => {
    const state: ListAddressState = {
      page: 3,
      size: 50,
      sort: { field: 'sort', order: 'asc' },
      keyword: ' 系统 ',
      filters: { status: 2, notice_type: null, start_time: 1733529600 },
    };
    const search = writeListAddress('', state, rules);
    expect(search).toBe(
      '?kw=%E7%B3%BB%E7%BB%9F&f.status=2&f.start_time=1733529600&sort=sort%2Casc&page=3&size=50',
    );
    expect(readListAddress(search, rules)).toEqual({
      ...state,
      keyword: '系统',
      filters: { status: 2, start_time: 1733529600 },
    });
  });

  it('keeps the screen’s own parameters and replaces only the list’s', () => {
    const search = writeListAddress(
      '?module=book&page=4&f.status=1',
      { ...DEFAULTS, page: 2 },
      rules,
    );
    expect(search).toBe('?module=book&page=2');
  });

  it.each([
    ['a page that is no number', '?page=abc', { page: 1 }],
    ['page 0', '?page=0', { page: 1 }],
    ['a negative page', '?page=-3', { page: 1 }],
    ['a page past any list', '?page=99999999999999', { page: 1 }],
    ['a size of 1e9: the largest size offered', '?size=1e9', { size: 80 }],
    ['a size between two offered: the one below', '?size=45', { size: 40 }],
    ['a size below all: the smallest', '?size=3', { size: 10 }],
    ['a size that is no number', '?size=many', { size: 10 }],
    ['an order by a column that cannot be sorted', '?sort=notice_title,desc', { sort: null }],
    ['an order without a direction', '?sort=id', { sort: null }],
    ['an order by an unknown column', '?sort=password,asc', { sort: null }],
    ['an option a filter does not have', '?f.notice_type=9', { filters: {} }],
    ['a filter the list does not have', '?f.is_admin=1&f.__proto__=1', { filters: {} }],
  ])('drops %s', (_case, search, expected) => {
    expect(readListAddress(search, rules)).toEqual({ ...DEFAULTS, ...expected });
  });

  it('takes script-like text as plain text, cut to 200 characters', () => {
    const text = `<img src=x onerror=alert(1)>${'字'.repeat(300)}`;
    const state = readListAddress(`?kw=${encodeURIComponent(text)}`, rules);
    expect(state.keyword).toBe(text.slice(0, 200));
  });
});
