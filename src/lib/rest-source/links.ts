/**
 * What a list answer says about the pages around it: the RFC 8288 `Link` header (rel="next",
 * rel="last") and the "next cursor" fields APIs put in the body. Pure functions over the answer.
 */
import { isRecord, textOf } from '@/core/guards';
import type { RestPagination } from '@/core/rest-source';

/** The Link header's targets by relation (`<url>; rel="next"` → next: url). */
export function parseLinks(header: string | null): Map<string, string> {
  const links = new Map<string, string>();
  if (!header) return links;
  for (const match of header.matchAll(/<([^>]*)>([^,<]*)/g)) {
    const rels = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(match[2] ?? '')?.[1] ?? '';
    // One link may carry several relations: rel="next last".
    for (const rel of rels.trim().toLowerCase().split(/\s+/)) {
      if (rel && !links.has(rel)) links.set(rel, match[1] ?? '');
    }
  }
  return links;
}

/** Query parameter `name` of a (possibly relative) URL; '' when absent or not a URL. */
export function urlParam(url: string, name: string): string {
  try {
    return new URL(url, 'http://relative.invalid').searchParams.get(name) ?? '';
  } catch {
    return '';
  }
}

const NEXT_FIELDS = ['next', 'nextCursor', 'next_cursor'] as const;
/** Whether more rows follow, and the last key of this page, as OpenAI's lists say them. */
const MORE_FIELDS = ['has_more', 'hasMore'] as const;
const LAST_KEY_FIELDS = ['last_id', 'lastId'] as const;

/**
 * The cursor `{ has_more: true, last_id }` implies (OpenAI: the next page is asked with
 * `after=<last_id>`); '' where the holder does not say that more rows follow.
 */
function moreAfterLastKey(holder: Record<string, unknown>): string {
  if (!MORE_FIELDS.some((field) => holder[field] === true)) return '';
  for (const field of LAST_KEY_FIELDS) {
    const value = textOf(holder[field]);
    if (value) return value;
  }
  return '';
}

/**
 * The cursor of the page after this one: a body field (`next`, `nextCursor`, `next_cursor`, top
 * level or under `meta`), or the last key of a page that says more follow (`has_more` with
 * `last_id`), else the Link header's rel="next" URL. A field may hold the cursor itself or a
 * whole next-page URL; from a URL the cursor parameter is taken.
 */
export function nextCursor(body: unknown, links: Map<string, string>, cursorParam: string): string {
  for (const holder of [body, isRecord(body) ? body.meta : undefined]) {
    if (!isRecord(holder)) continue;
    for (const field of NEXT_FIELDS) {
      const value = textOf(holder[field]);
      if (!value) continue;
      const fromUrl = /[/?]/.test(value) ? urlParam(value, cursorParam) : '';
      return fromUrl || value;
    }
    const afterLast = moreAfterLastKey(holder);
    if (afterLast) return afterLast;
  }
  const next = links.get('next');
  return next ? urlParam(next, cursorParam) : '';
}

/**
 * The total a rel="last" link implies: (last page number − first + 1) × size for page paging,
 * last offset + size for offset paging. An estimate — the last page may be short — that gets
 * the pager's page count right, which is what the user sees. undefined when it cannot be read.
 */
export function totalFromLastLink(
  links: Map<string, string>,
  pagination: RestPagination,
  pagesize: number,
): number | undefined {
  const last = links.get('last');
  if (!last) return undefined;
  if (pagination.style === 'page') {
    const page = Number(urlParam(last, pagination.page));
    const size = Number(urlParam(last, pagination.size)) || pagesize;
    if (!urlParam(last, pagination.page) || !Number.isFinite(page)) return undefined;
    return Math.max(0, page - pagination.firstPage + 1) * size;
  }
  if (pagination.style === 'offset') {
    const offset = Number(urlParam(last, pagination.offset));
    const limit = Number(urlParam(last, pagination.limit)) || pagesize;
    if (!urlParam(last, pagination.offset) || !Number.isFinite(offset)) return undefined;
    return offset + limit;
  }
  return undefined;
}
