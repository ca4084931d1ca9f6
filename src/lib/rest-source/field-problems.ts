/**
 * Which fields a refused write names, and what the server said about each, read from the
 * common validation shapes: RFC 9457 problem details (`errors[]` with a `pointer` — `/name`,
 * `#/name`, `/body/name` — and a `detail`; RFC 7807's `invalid-params[]` with `name` and
 * `reason`), `{errors: {field: [message…]}}` (Rails, ASP.NET), `{errors: [{field|path|loc,
 * message|msg}]}` and FastAPI's `{detail: [{loc, msg}]}`. A plain `{message}` names no field.
 * The server's words are kept as they are (data, never markup); the form places them.
 */
import { isRecord, textOf } from '@/core/guards';

/** One problem: where in the body (`['address', 'city']`; empty: the body as a whole) and what. */
export interface FieldProblem {
  path: readonly string[];
  message: string;
}

/** Where a body's validation problems are listed, in the order tried. */
const LIST_MEMBERS = ['errors', 'invalid-params', 'invalid_params', 'violations'] as const;
const WHERE_MEMBERS = ['pointer', 'field', 'loc', 'path', 'name', 'property', 'propertyPath'];
const WHAT_MEMBERS = ['message', 'detail', 'msg', 'reason', 'title', 'description'];

/** Framework prefixes that locate the request part, not a field (FastAPI's `body`, `$.`). */
const REQUEST_PARTS = new Set(['body', '$']);

/** A JSON pointer segment as written (`~1` is `/`, `~0` is `~`). */
function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * The path a location names: a JSON pointer (`/a/b`, `#/a/b`), a dotted or bracketed path
 * (`a.b`, `a[0].b`, ASP.NET's `$.a`), or a list of segments (FastAPI's `loc`).
 *
 * @example locationPath('#/body/name') // ['name']
 * @example locationPath(['body', 'address', 'city']) // ['address', 'city']
 */
export function locationPath(where: unknown): string[] {
  let segments: string[];
  if (Array.isArray(where)) segments = where.map(textOf);
  else {
    const text = textOf(where).trim();
    const pointer = text.replace(/^#/, '');
    segments = pointer.startsWith('/')
      ? pointer.split('/').map(unescapePointer)
      : text.split(/[.[\]]/);
  }
  const path = segments.filter((segment) => segment !== '');
  while (path.length > 0 && REQUEST_PARTS.has(path[0] ?? '')) path.shift();
  return path;
}

/** The first text among `members` of `item` that is not empty. */
function firstText(item: Record<string, unknown>, members: readonly string[]): string {
  for (const member of members) {
    const text = textOf(item[member]).trim();
    if (text) return text;
  }
  return '';
}

/** One listed problem (`{pointer, detail}`, `{loc, msg}`, a bare text). */
function listedProblem(item: unknown): FieldProblem | undefined {
  if (!isRecord(item)) {
    const message = textOf(item).trim();
    return message ? { path: [], message } : undefined;
  }
  const member = WHERE_MEMBERS.find((name) => item[name] !== undefined && item[name] !== '');
  const path = member ? locationPath(item[member]) : [];
  const message = firstText(item, WHAT_MEMBERS);
  return message ? { path, message } : undefined;
}

/** `{field: [messages]}` or `{field: message}`: one problem per field. */
function problemsByField(errors: Record<string, unknown>): FieldProblem[] {
  return Object.entries(errors).flatMap(([field, messages]) => {
    const texts = (Array.isArray(messages) ? messages : [messages])
      .map((message) => (isRecord(message) ? listedProblem(message)?.message : textOf(message)))
      .map((text) => text?.trim() ?? '')
      .filter(Boolean);
    return texts.length > 0 ? [{ path: locationPath(field), message: texts.join('，') }] : [];
  });
}

/** The problems of a parsed error body, in the order the server listed them. */
export function fieldProblems(body: unknown): FieldProblem[] {
  if (!isRecord(body)) return [];
  // A nested `error: {…}` (Google/Stripe style) reads like the body itself.
  if (isRecord(body.error)) return fieldProblems(body.error);
  // FastAPI answers a refused body with `detail` as the list itself.
  if (Array.isArray(body.detail)) return body.detail.flatMap((item) => listedProblem(item) ?? []);
  for (const member of LIST_MEMBERS) {
    const errors = body[member];
    if (Array.isArray(errors)) return errors.flatMap((item) => listedProblem(item) ?? []);
    if (isRecord(errors)) return problemsByField(errors);
  }
  return [];
}
