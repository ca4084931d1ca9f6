/**
 * A list call as the document declares it (its x-admin): filters from the declared query
 * parameters, the keyword, the sort parameter, then the page in its style (page/size,
 * offset/limit, cursor, none) and the total in the body field or a header.
 */
import { isRecord, textOf } from '@/core/guards';
import { valueAtPath } from '@/core/rest-source';
import { json, problem } from './problem';
import type { Row, ResourceTable } from './records';
import type { Operation } from './routes';
import {
  isNullable,
  propertiesOf,
  recordAt,
  requiredOf,
  resolve,
  schemaAtPath,
  textAt,
  type Node,
} from './schema';
import { valueFor } from './values';
import { fitRecord, type Success } from './answers';

function matches(value: unknown, wanted: unknown): boolean {
  const accepted = Array.isArray(wanted) ? wanted.map(textOf) : [textOf(wanted)];
  const present = Array.isArray(value) ? value.map(textOf) : [textOf(value)];
  return present.some((item) => accepted.includes(item));
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return textOf(a).localeCompare(textOf(b));
}

function defaultOf(document: Node, operation: Operation, name: string, fallback: number): number {
  const parameter = operation.parameters.find(
    (p) => textAt(p, 'name') === name && textAt(p, 'in') === 'query',
  );
  const schema = resolve(document, parameter?.schema);
  const value = schema.default;
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : fallback;
}

export function answerList(
  document: Node,
  operation: Operation,
  table: ResourceTable,
  rows: readonly Row[],
  parameters: ReadonlyMap<string, unknown>,
  answer: Success,
): Response {
  const admin = recordAt(operation.operation, 'x-admin');
  const fields = propertiesOf(document, table.resource.entity);
  let values = rows.map((row) => row.value);
  const paging = recordAt(admin, 'pagination');
  const sort = recordAt(admin, 'sort');
  const keyword = textAt(admin, 'keyword');
  const pagingNames = new Set(
    Object.entries(paging)
      .filter(([key]) => key !== 'style')
      .map(([, value]) => textOf(value)),
  );
  for (const [name, wanted] of parameters) {
    if (pagingNames.has(name) || name === keyword || name === textAt(sort, 'param')) continue;
    if (fields.has(name)) values = values.filter((value) => matches(value[name], wanted));
  }
  if (keyword && parameters.has(keyword)) {
    const needle = textOf(parameters.get(keyword)).toLowerCase();
    values = values.filter((value) =>
      Object.values(value).some(
        (item) => typeof item === 'string' && item.toLowerCase().includes(needle),
      ),
    );
  }
  const sortParam = textAt(sort, 'param');
  const order = sortParam ? textOf(parameters.get(sortParam)) : '';
  if (order) {
    const descending = order.startsWith('-') || /[:\s,]desc$/i.test(order);
    const field = order.replace(/^[-+]/, '').replace(/[:\s,](asc|desc)$/i, '');
    values = [...values].sort((a, b) => compare(a[field], b[field]) * (descending ? -1 : 1));
  }
  const total = values.length;
  const style = textAt(paging, 'style') ?? 'none';
  let start = 0;
  let size = total;
  const number = (name: string | undefined, fallback: number) => {
    const value = name === undefined ? undefined : parameters.get(name);
    return typeof value === 'number'
      ? value
      : name === undefined
        ? fallback
        : defaultOf(document, operation, name, fallback);
  };
  if (style === 'page') {
    size = number(textAt(paging, 'size'), 20);
    const page = number(textAt(paging, 'page'), 1);
    // Pages count from 1 unless the document's default page is 0.
    const first = defaultOf(document, operation, textAt(paging, 'page') ?? '', 1) === 0 ? 0 : 1;
    start = (page - first) * size;
  } else if (style === 'offset') {
    start = number(textAt(paging, 'offset'), 0);
    size = number(textAt(paging, 'limit'), 20);
  } else if (style === 'cursor') {
    const cursor = textOf(parameters.get(textAt(paging, 'cursor') ?? ''));
    // The mock's own cursors are offsets; OpenAI's `after` is the last key seen.
    const after = values.findIndex((value) => textOf(value[table.resource.primaryKey]) === cursor);
    start = /^\d+$/.test(cursor) ? Number(cursor) : after + 1;
    size = number(textAt(paging, 'limit'), 20);
  }
  if (!Number.isSafeInteger(start) || start < 0 || !Number.isSafeInteger(size) || size < 0)
    return problem(400, 'The page asked for is out of range');
  // Each row as the list declares its items, where that is not the entity the mock keeps.
  const itemSchema = resolve(
    document,
    schemaAtPath(document, answer.schema ?? {}, textAt(admin, 'items') ?? '').items,
  );
  const page = values
    .slice(start, start + size)
    .map((value) => fitRecord(document, itemSchema, value, table.random));
  const next = start + size < total ? String(start + size) : null;
  const headers: Record<string, string> = {};
  const counted = recordAt(admin, 'total');
  if (textAt(counted, 'in') === 'header')
    headers[textAt(counted, 'name') ?? 'X-Total-Count'] = String(total);
  const items = textAt(admin, 'items');
  if (!items) return json(answer.status, page, headers);
  // The rows inside their declared wrapper (`data.results`); the paging fields the schema
  // declares beside them (`data.page`) are filled in the same object.
  const body: Node = {};
  placeAt(body, items, page);
  const beside = items.split('.').slice(0, -1).join('.');
  const container = beside === '' ? body : valueAtPath(body, beside);
  const wrapper = isRecord(container) ? container : body;
  const wrapperSchema = answer.schema ? schemaAtPath(document, answer.schema, beside) : {};
  const bodyFields = propertiesOf(document, wrapperSchema);
  if (textAt(counted, 'in') === 'body') placeAt(body, textAt(counted, 'field') ?? 'total', total);
  for (const [key, name] of Object.entries(paging)) {
    if (key === 'style' || typeof name !== 'string' || !bodyFields.has(name)) continue;
    wrapper[name] =
      key === 'offset'
        ? start
        : key === 'cursor'
          ? next
          : (parameters.get(name) ??
            (key === 'page' ? Math.floor(start / Math.max(size, 1)) + 1 : size));
  }
  for (const name of ['next', 'nextCursor', 'next_cursor'])
    if (bodyFields.has(name) && style === 'cursor') wrapper[name] = next;
  fillWrapper(document, table, wrapper, wrapperSchema, page, next !== null);
  return json(answer.status, body, headers);
}

/**
 * The other fields a list's wrapper requires, as a server fills them: OpenAI's
 * `{ object: "list", data, first_id, last_id, has_more }` — whether more follow, the first and
 * last keys of the page — and any other one with a value within its schema.
 */
function fillWrapper(
  document: Node,
  table: ResourceTable,
  wrapper: Node,
  schema: Node,
  page: readonly Node[],
  more: boolean,
): void {
  const keyAt = (row: Node | undefined) => row?.[table.resource.primaryKey] ?? null;
  const known: Record<string, unknown> = {
    has_more: more,
    hasMore: more,
    first_id: keyAt(page[0]),
    last_id: keyAt(page.at(-1)),
  };
  const required = new Set(requiredOf(document, schema));
  for (const [name, property] of propertiesOf(document, schema)) {
    if (wrapper[name] !== undefined) continue;
    // An empty page has no first_id: null where the schema allows it, else (OpenAI's
    // `first_id: { type: string }`) left out, or a value of its schema where it is required.
    const fits = known[name] !== null || isNullable(property);
    if (Object.hasOwn(known, name) && fits) wrapper[name] = known[name];
    else if (Object.hasOwn(known, name) && !required.has(name)) continue;
    else if (required.has(name))
      wrapper[name] = valueFor(document, property, { random: table.random, examples: true, name });
  }
}

/** Sets `value` at a dotted path of `target`, making the objects on the way. */
function placeAt(target: Node, path: string, value: unknown): void {
  const parts = path.split('.').filter(Boolean);
  // A document's path is data: one naming `__proto__` would reach the object's prototype.
  if (parts.includes('__proto__')) return;
  const last = parts.pop();
  if (last === undefined) return;
  let node = target;
  for (const part of parts) {
    const inner = node[part];
    const next: Node = isRecord(inner) ? inner : {};
    node[part] = next;
    node = next;
  }
  node[last] = value;
}
