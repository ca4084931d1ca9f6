/**
 * The CRUD list's query (ListQuery: pageindex, pagesize, keyword, sortfield/sortorder and one key
 * per search field) in the terms of one REST list call. Only what the call declares is sent:
 * an undeclared key would be a parameter the server never promised to read (or one it rejects).
 */
import { isRecord, textOf } from '@/core/guards';
import type { ListQuery } from '@/core/module';
import type { RestListCall, RestPagination } from '@/core/rest-source';

/** The keys the CRUD list puts the order in (src/components/crud/use-crud-list.ts). */
export const SORT_FIELD_KEY = 'sortfield';
export const SORT_ORDER_KEY = 'sortorder';

/**
 * The sort parameter's value: `field` ascending, `-field` descending where the source says that
 * is its syntax. When it does not (`descending: 'unknown'`), a descending order is sent as the
 * field alone — the source's own default for it — rather than guessed at. A field the call does
 * not list as sortable is not sent.
 */
export function sortValue(list: RestListCall, query: ListQuery): string | undefined {
  const field = textOf(query[SORT_FIELD_KEY]);
  if (!list.sort || !field) return undefined;
  if (list.sort.fields.length > 0 && !list.sort.fields.includes(field)) return undefined;
  const descending = query[SORT_ORDER_KEY] === 'desc' && list.sort.descending === '-field';
  return descending ? `-${field}` : field;
}

/**
 * Filters, keyword and order as query parameters. Filters that fill a `{param}` of the path
 * (`inPath`) are not repeated in the query; empty values (a cleared search box) are not sent.
 */
export function listParams(
  list: RestListCall,
  query: ListQuery,
  inPath: ReadonlySet<string>,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of list.filters) {
    const value = textOf(query[name]);
    if (value !== '' && !inPath.has(name)) params.set(name, value);
  }
  const keyword = query.keyword?.trim();
  if (list.keyword && keyword) params.set(list.keyword, keyword);
  const sort = sortValue(list, query);
  if (list.sort && sort) params.set(list.sort.param, sort);
  return params;
}

/** Page/size or offset/limit for the page asked for; cursor paging adds its own (list.ts). */
export function pagingParams(
  pagination: RestPagination,
  pageindex: number,
  pagesize: number,
): URLSearchParams {
  const params = new URLSearchParams();
  if (pagination.style === 'page') {
    params.set(pagination.page, String(pageindex - 1 + pagination.firstPage));
    params.set(pagination.size, String(pagesize));
  } else if (pagination.style === 'offset') {
    params.set(pagination.offset, String((pageindex - 1) * pagesize));
    params.set(pagination.limit, String(pagesize));
  }
  return params;
}

/**
 * The keyword search done in the browser, for a list the source answers whole and without a
 * search parameter (the keyword box is on every list screen): a row matches when any of its
 * plain values contains the word, ignoring case.
 */
export function matchesKeyword(row: unknown, keyword: string | undefined): boolean {
  const word = keyword?.trim().toLowerCase();
  if (!word) return true;
  if (!isRecord(row)) return false;
  return Object.values(row).some((value) => textOf(value).toLowerCase().includes(word));
}

/** A count read from a body field or a header: a non-negative whole number, or undefined. */
export function countOf(value: unknown): number | undefined {
  const text = textOf(value).trim();
  const count = text === '' ? NaN : Number(text);
  return Number.isInteger(count) && count >= 0 ? count : undefined;
}

/** The list query without its page number: what the cursors of one search are remembered by. */
export function searchKey(query: ListQuery): string {
  const entries = Object.entries(query).filter(
    ([key, value]) => key !== 'pageindex' && value !== undefined,
  );
  // Page size stays in: a cursor marks a position counted in pages of that size.
  return JSON.stringify(entries.sort(([a], [b]) => a.localeCompare(b)));
}
