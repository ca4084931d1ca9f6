/**
 * The `list` call of a REST resource: one CRUD page (pageindex/pagesize) asked for in the
 * source's own paging, answered as the ListPage the list screen shows.
 *
 * Totals, when the source does not count (`total: client`, or a header/body that is missing):
 * the rows up to this page, plus one when a next page is known to exist (a Link rel="next", a
 * next cursor, or a full page). The pager then offers exactly one more page until the last one
 * is reached, where the count becomes exact.
 */
import { isRecord } from '@/core/guards';
import type { ListPage, ListQuery } from '@/core/module';
import { valueAtPath, type RestListCall, type SourceDescription } from '@/core/rest-source';
import type { Envelope } from '@/lib/request';
import { restSourceMessages as t } from '@/locale/rest-source';
import { sourceFailure } from './errors';
import { nextCursor, parseLinks, totalFromLastLink } from './links';
import { countOf, listParams, matchesKeyword, pagingParams, searchKey } from './list-query';
import { requireJson, sendRest, type RestAnswer } from './transport';
import { fillPath, pathParams } from './url';

/** Searches whose cursors are kept; older ones are forgotten (they restart from page 1). */
const REMEMBERED_SEARCHES = 20;

/**
 * The row type is the source document's schema, the same one the generator wrote TRow from; the
 * answer is taken at the document's word once each row is checked to be an object.
 */
function isRow<TRow>(value: unknown): value is TRow {
  return isRecord(value);
}

interface FetchedPage<TRow> {
  answer: RestAnswer;
  body: unknown;
  rows: TRow[];
  links: Map<string, string>;
}

/** A successful envelope, the shape ModuleApi promises the CRUD blocks. */
export function success<T>(data: T): Envelope<T> {
  return { status: 200, msg: '', data };
}

export function restList<TRow>(
  source: SourceDescription,
  list: RestListCall,
): (query: ListQuery) => Promise<Envelope<ListPage<TRow>>> {
  const inPath = new Set(pathParams(list.path));
  // Per search: page number → the cursor that asks for it (page 1 needs none).
  const cursors = new Map<string, Map<number, string>>();

  async function fetchPage(query: ListQuery, paging: URLSearchParams): Promise<FetchedPage<TRow>> {
    const params = listParams(list, query, inPath);
    paging.forEach((value, name) => params.set(name, value));
    const answer = await sendRest(source, {
      method: list.method,
      path: fillPath(list.path, (name) => query[name]),
      query: params,
    });
    const body = requireJson(source, answer);
    const rows = list.items ? valueAtPath(body, list.items) : body;
    if (!Array.isArray(rows) || !rows.every(isRow<TRow>)) {
      throw sourceFailure(t.unreadable(source.title), answer.status, 'parse');
    }
    return { answer, body, rows, links: parseLinks(answer.headers.get('link')) };
  }

  function totalOf(page: FetchedPage<TRow>, query: ListQuery, hasNext: boolean): number {
    const seen = (query.pageindex - 1) * query.pagesize + page.rows.length;
    const estimate = seen + (hasNext ? 1 : 0);
    const { total } = list;
    if (total.in === 'body') return countOf(valueAtPath(page.body, total.field)) ?? estimate;
    if (total.in === 'client') return estimate;
    if (total.name.toLowerCase() === 'link') {
      return totalFromLastLink(page.links, list.pagination, query.pagesize) ?? estimate;
    }
    return countOf(page.answer.headers.get(total.name)) ?? estimate;
  }

  const pageOf = (rows: TRow[], allcount: number, query: ListQuery) =>
    success<ListPage<TRow>>({
      data: rows,
      allcount,
      pageindex: query.pageindex,
      pagesize: query.pagesize,
    });

  /** Page `query.pageindex` by cursor: from the nearest remembered page, forward. */
  async function cursorPage(query: ListQuery, cursorParam: string, limitParam?: string) {
    const key = searchKey(query);
    const known = cursors.get(key) ?? new Map<number, string>();
    cursors.delete(key);
    cursors.set(key, known); // most recently used last, so the oldest is forgotten first
    if (cursors.size > REMEMBERED_SEARCHES) cursors.delete(cursors.keys().next().value ?? '');

    let page = 1;
    for (let n = query.pageindex; n > 1; n -= 1) {
      if (known.has(n)) {
        page = n;
        break;
      }
    }
    // A jump past the pages seen (the last page button) walks there one page at a time.
    for (;;) {
      const paging = new URLSearchParams();
      const cursor = known.get(page);
      if (page > 1 && cursor) paging.set(cursorParam, cursor);
      if (limitParam) paging.set(limitParam, String(query.pagesize));
      const fetched = await fetchPage(query, paging);
      const next = nextCursor(fetched.body, fetched.links, cursorParam);
      if (next) known.set(page + 1, next);
      if (page >= query.pageindex)
        return pageOf(fetched.rows, totalOf(fetched, query, !!next), query);
      // The list ended before the page asked for: that page is empty.
      if (!next) return pageOf([], (page - 1) * query.pagesize + fetched.rows.length, query);
      page += 1;
    }
  }

  return async (query) => {
    const { pagination } = list;
    if (pagination.style === 'cursor') {
      return cursorPage(query, pagination.cursor, pagination.limit);
    }
    if (pagination.style === 'none') {
      // One call answers every row: search (when the source cannot), count and page here; the
      // array is the whole list, so its length is the total whatever `total` declares.
      const fetched = await fetchPage(query, new URLSearchParams());
      const rows = list.keyword
        ? fetched.rows
        : fetched.rows.filter((row) => matchesKeyword(row, query.keyword));
      const start = (query.pageindex - 1) * query.pagesize;
      return pageOf(rows.slice(start, start + query.pagesize), rows.length, query);
    }
    const fetched = await fetchPage(
      query,
      pagingParams(pagination, query.pageindex, query.pagesize),
    );
    const hasNext =
      fetched.links.size > 0 ? fetched.links.has('next') : fetched.rows.length >= query.pagesize;
    return pageOf(fetched.rows, totalOf(fetched, query, hasNext), query);
  };
}
