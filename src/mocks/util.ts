/**
 * Small helpers every mock handler shares: reading bodies and queries defensively, ids in
 * every shape the client sends, paging, and answer clean-up.
 */
import { decryptText, getRequestConfig } from '@/lib/request';
import type { MockRow } from './types';

/**
 * With request encryption configured (VITE_API_ENCRYPT…), the client sends `{ paramsData }`;
 * the mock reads it back with the same key. Answers stay plain JSON, which the client accepts.
 */
async function decrypted(params: Params): Promise<Params> {
  const encryption = getRequestConfig().encryption;
  if (!encryption || typeof params.paramsData !== 'string') return params;
  try {
    const parsed: unknown = JSON.parse(await decryptText(params.paramsData, encryption));
    const { paramsData: _sealed, ...rest } = params;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? { ...rest, ...(parsed as Params) }
      : { ...rest, value: parsed };
  } catch {
    return params;
  }
}

export type Params = Record<string, unknown>;

/** The body as an object: JSON, multipart or url-encoded; `{}` when empty or unreadable. */
export async function readBody(request: Request): Promise<Params> {
  if (request.method === 'GET' || request.method === 'HEAD') return {};
  const type = request.headers.get('content-type') ?? '';
  try {
    if (
      type.includes('multipart/form-data') ||
      type.includes('application/x-www-form-urlencoded')
    ) {
      const form = await request.formData();
      const out: Params = {};
      form.forEach((value, key) => {
        out[key] = value;
      });
      return out;
    }
    const text = await request.text();
    if (!text.trim()) return {};
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? decrypted(parsed as Params)
      : { value: parsed };
  } catch {
    return {};
  }
}

/**
 * True for calls to this site's back end. In the browser, requests to other origins (a CDN,
 * a third-party API) are never answered by the mock; under Node every origin is "ours".
 */
export function isOwnBackendCall(request: Request): boolean {
  const url = new URL(request.url);
  if (!/^\/(api|ueditor)\//.test(url.pathname)) return false;
  return typeof location === 'undefined' || url.origin === location.origin;
}

export function readQuery(request: Request): Params {
  const out: Params = {};
  new URL(request.url).searchParams.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

/** Query and body together (the body wins): list calls arrive as GET or POST. */
export async function readParams(request: Request): Promise<Params> {
  return { ...(await decrypted(readQuery(request))), ...(await readBody(request)) };
}

export type Id = string | number;

function scalarId(value: unknown): Id | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return undefined;
}

/**
 * The record id of a body, accepting `{id:{id}}` (IdObjectBody), `{id}`, `{ids}` and a
 * primary-key field (`{ac_id}`); undefined when absent.
 */
export function idOf(params: Params, primaryKey = 'id'): Id | undefined {
  return idsOf(params, primaryKey)[0];
}

/** Every id of a body: single ids, arrays, comma lists and id objects. */
export function idsOf(params: Params, primaryKey = 'id'): Id[] {
  const candidates = [params.id, params.ids, params[primaryKey]];
  for (const candidate of candidates) {
    const ids = toIds(candidate);
    if (ids.length) return ids;
  }
  return [];
}

/** The ids in one value: a single id, an array, a comma list or an id object. */
export function toIds(value: unknown): Id[] {
  if (Array.isArray(value)) return value.flatMap(toIds);
  if (typeof value === 'object' && value !== null)
    return toIds((value as Params).id ?? (value as Params).ids);
  if (typeof value === 'string' && value.includes(',')) return value.split(',').flatMap(toIds);
  const id = scalarId(value);
  return id === undefined ? [] : [id];
}

export function sameId(a: unknown, b: unknown): boolean {
  return a !== undefined && a !== null && String(a) === String(b);
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export function toInt(
  value: unknown,
  fallback: number,
  min = 1,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const n = Number.parseInt(String(value ?? ''), 10);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, n));
}

export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

export interface Page<T> {
  data: T[];
  allcount: number;
  pageindex: number;
  pagesize: number;
}

export function paginate<T>(rows: T[], params: Params, defaultSize = 10): Page<T> {
  const pagesize = toInt(params.pagesize, defaultSize, 1, 1000);
  const pageindex = toInt(params.pageindex, 1, 1);
  const start = (pageindex - 1) * pagesize;
  return { data: rows.slice(start, start + pagesize), allcount: rows.length, pageindex, pagesize };
}

/** Fields never sent back (write-only, e.g. passwords). */
export const ALWAYS_WRITE_ONLY = ['password'];

export function strip(row: MockRow, writeOnly: readonly string[] = ALWAYS_WRITE_ONLY): MockRow {
  const copy: MockRow = { ...row };
  for (const field of writeOnly) delete copy[field];
  return copy;
}

export function randomHex(bytes = 16): string {
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  return Array.from(buffer, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** How the rows of a tree point at each other. */
export interface TreeLinks {
  id: (row: MockRow) => unknown;
  parent: (row: MockRow) => unknown;
}

/**
 * The rows under `root` as a tree (ids compared as text), siblings in `order`; `node` makes
 * one entry from a row and its children (an empty array for a leaf). One pass over the rows.
 */
export function buildTree<T>(
  rows: readonly MockRow[],
  links: TreeLinks,
  root: unknown,
  order: (a: MockRow, b: MockRow) => number,
  node: (row: MockRow, children: T[]) => T,
): T[] {
  const byParent = new Map<string, MockRow[]>();
  for (const row of rows) {
    const parent = links.parent(row);
    if (parent === undefined || parent === null) continue;
    const siblings = byParent.get(String(parent));
    if (siblings) siblings.push(row);
    else byParent.set(String(parent), [row]);
  }
  const level = (parent: unknown): T[] =>
    (byParent.get(String(parent)) ?? []).sort(order).map((row) => node(row, level(links.id(row))));
  return level(root);
}

/** The node with `children` only when there are some (the contract's leaves have none). */
export function withChildren<T extends object, C>(node: T, children: C[]): T & { children?: C[] } {
  return children.length ? { ...node, children } : node;
}

/** Case-insensitive "contains" over the given fields. */
export function matchesKeyword(row: MockRow, keyword: string, fields: readonly string[]): boolean {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return true;
  const searched = fields.length ? fields : Object.keys(row);
  return searched.some((field) => {
    const value = row[field];
    return (
      (typeof value === 'string' || typeof value === 'number') &&
      String(value).toLowerCase().includes(needle)
    );
  });
}

/** Rows newest first: by creation time, then by numeric id. */
export function newestFirst(
  rows: MockRow[],
  primaryKey: string,
  createTimeField?: string,
): MockRow[] {
  return [...rows].sort((a, b) => {
    if (createTimeField) {
      const diff = Number(b[createTimeField] ?? 0) - Number(a[createTimeField] ?? 0);
      if (diff) return diff;
    }
    const ia = Number(a[primaryKey]);
    const ib = Number(b[primaryKey]);
    return Number.isFinite(ia) && Number.isFinite(ib)
      ? ib - ia
      : String(b[primaryKey]).localeCompare(String(a[primaryKey]));
  });
}
