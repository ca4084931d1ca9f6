/**
 * Small helpers every mock handler shares: reading bodies and queries defensively, ids in
 * every shape the client sends, paging, and answer clean-up.
 *
 * Request data is hostile until proven otherwise: keys that would reach an object's
 * prototype (`__proto__`, `constructor`, `prototype`) are dropped while reading, and lookups
 * keyed by request data go through Maps or own-property checks (`own`).
 */
import { decryptText } from '@/core/crypto';
import { getRequestConfig } from '@/core/request-config';
import type { MockRow } from './types';
import { listOf, textOf } from '@/core/guards';

export type Params = Record<string, unknown>;

/** Keys never taken from a request: assigning them would reach into a prototype. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function isSafeKey(key: string): boolean {
  return !UNSAFE_KEYS.has(key);
}

/** The value of an own property (never one inherited from Object.prototype). */
export function own(row: object, key: string): unknown {
  return Object.hasOwn(row, key) ? Reflect.get(row, key) : undefined;
}

/** How deeply a JSON body may nest (the contract's deepest body is an id object, 2 levels). */
export const MAX_BODY_DEPTH = 16;

function tooDeep(value: unknown, limit = MAX_BODY_DEPTH): boolean {
  // Iterative: a hostile body nested 100 000 levels deep must not overflow the stack here.
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

/** JSON text to a value, dropping prototype-reaching keys at every level. */
function parseJson(text: string): unknown {
  return JSON.parse(text, (key, value: unknown) => (isSafeKey(key) ? value : undefined));
}

function isPlainObject(value: unknown): value is Params {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * With request encryption configured (VITE_API_ENCRYPT…), the client sends `{ paramsData }`;
 * the mock reads it back with the same key. Answers stay plain JSON, which the client accepts.
 * Returns the value the client sealed (an object merged with any plain fields beside it).
 */
async function unsealed(value: unknown): Promise<unknown> {
  const encryption = getRequestConfig().encryption;
  if (!encryption || !isPlainObject(value) || typeof value.paramsData !== 'string') return value;
  try {
    const opened = parseJson(await decryptText(value.paramsData, encryption));
    const { paramsData: _sealed, ...rest } = value;
    if (isPlainObject(opened)) return { ...rest, ...opened };
    return Object.keys(rest).length ? { ...rest, value: opened } : opened;
  } catch {
    return value;
  }
}

/** Params of any JSON value: an object as is, anything else (a list of ids) under `value`. */
function asParams(value: unknown): Params {
  return isPlainObject(value) ? value : { value };
}

/** A body read for the handlers and the request guards. */
export type BodyReading =
  | {
      ok: true;
      params: Params;
      /** The JSON value as the client sent it (decrypted); undefined for forms and no body. */
      json: unknown;
    }
  | { ok: false; problem: 'malformed' | 'tooDeep' };

function isFormType(type: string): boolean {
  return type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded');
}

/** True when the request carries a body that is read as JSON (anything but a form post). */
export function hasJsonBody(request: Request): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  return !isFormType(request.headers.get('content-type') ?? '');
}

/**
 * The body as an object: JSON (decrypted when sealed in `paramsData`), multipart or
 * url-encoded; `{}` when empty. Unreadable or over-deep JSON is reported, not guessed at.
 */
export async function parseBody(request: Request): Promise<BodyReading> {
  if (request.method === 'GET' || request.method === 'HEAD')
    return { ok: true, params: {}, json: undefined };
  if (!hasJsonBody(request)) {
    try {
      const form = await request.formData();
      const out: Params = {};
      form.forEach((value, key) => {
        if (isSafeKey(key)) out[key] = value;
      });
      return { ok: true, params: out, json: undefined };
    } catch {
      return { ok: false, problem: 'malformed' };
    }
  }
  const text = await request.text();
  if (!text.trim()) return { ok: true, params: {}, json: undefined };
  let parsed: unknown;
  try {
    parsed = parseJson(text);
  } catch {
    // Also a body nested so deeply that the parser gives up.
    return { ok: false, problem: 'malformed' };
  }
  if (tooDeep(parsed)) return { ok: false, problem: 'tooDeep' };
  const json = await unsealed(parsed);
  if (json !== parsed && tooDeep(json)) return { ok: false, problem: 'tooDeep' };
  return { ok: true, params: asParams(json), json };
}

/** The body as an object; `{}` when empty or unreadable (the request guards answered those). */
export async function readBody(request: Request): Promise<Params> {
  const reading = await parseBody(request);
  return reading.ok ? reading.params : {};
}

/** The query as an object; a key given more than once holds the list of its values. */
export function readQuery(request: Request): Params {
  const out: Params = {};
  new URL(request.url).searchParams.forEach((value, key) => {
    if (!isSafeKey(key)) return;
    const earlier = own(out, key);
    if (earlier === undefined) out[key] = value;
    else out[key] = [...(Array.isArray(earlier) ? listOf(earlier) : [earlier]), value];
  });
  return out;
}

/** The query, decrypted when the client sealed it in `paramsData`. */
export async function readDecryptedQuery(request: Request): Promise<Params> {
  return asParams(await unsealed(readQuery(request)));
}

/** Query and body together (the body wins): list calls arrive as GET or POST. */
export async function readParams(request: Request): Promise<Params> {
  return { ...(await readDecryptedQuery(request)), ...(await readBody(request)) };
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
  const candidates = [own(params, 'id'), own(params, 'ids'), own(params, primaryKey)];
  for (const candidate of candidates) {
    const ids = toIds(candidate);
    if (ids.length) return ids;
  }
  return [];
}

/** How deep ids are looked for: `{ id: { id } }` and a list of those are the deepest shapes. */
const MAX_ID_DEPTH = 4;

/** The ids in one value: a single id, an array, a comma list or an id object. */
export function toIds(value: unknown, depth = 0): Id[] {
  if (depth > MAX_ID_DEPTH) return [];
  if (Array.isArray(value)) return value.flatMap((item) => toIds(item, depth + 1));
  if (typeof value === 'object' && value !== null)
    return toIds(own(value, 'id') ?? own(value, 'ids'), depth + 1);
  if (typeof value === 'string' && value.includes(','))
    return value.split(',').flatMap((item) => toIds(item, depth + 1));
  const id = scalarId(value);
  return id === undefined ? [] : [id];
}

export function sameId(a: unknown, b: unknown): boolean {
  return a !== undefined && a !== null && b !== undefined && b !== null && textOf(a) === textOf(b);
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
  const n = Number.parseInt(textOf(value), 10);
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
    const siblings = byParent.get(textOf(parent));
    if (siblings) siblings.push(row);
    else byParent.set(textOf(parent), [row]);
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
