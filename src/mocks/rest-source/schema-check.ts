/**
 * Values checked against an imported source's schemas by the mock's one validator
 * (../json-schema, the contract's too): request bodies and parameters (`input`, `patch`) and what
 * the mock answers (`output`), the schemas read as ./schema-dialect says. Every problem is
 * reported, each with the JSON pointer of the value, its field (dotted) and a Chinese message
 * naming it (src/locale/mock): `{ pointer: '/tags/0', field: 'tags.0', message: … }`.
 *
 * Each document is registered once per mode, each schema compiled once (found again by identity,
 * else by its text: ./schema's `resolve` copies a `$ref` with siblings). A schema ajv cannot
 * compile (see ../json-schema) checks nothing, warned once, as the contract's calls do.
 */
import type { ValidateFunction } from 'ajv';
import { isRecord } from '@/core/guards';
import { mockMessages } from '@/locale/mock';
import { addDocument, compileAt, hasDocument } from '../json-schema';
import { describeErrors, errorGroups, pointerSegment } from '../schema-errors';
import { prepared, type Mode } from './schema-dialect';
import type { Node } from './schema';

export type { Mode } from './schema-dialect';

export interface FieldError {
  pointer: string;
  field: string;
  message: string;
}

/** A compiled check, or null for a schema that could not be compiled (it checks nothing). */
type Check = ValidateFunction | null;

interface DocumentChecks {
  /** The base id its prepared copies are registered under (one per mode). */
  id: string;
  byObject: Map<Mode, WeakMap<object, Check>>;
  byText: Map<string, Check>;
}

const documents = new WeakMap<object, DocumentChecks>();
let documentsSeen = 0;
let compileFailureWarned = false;

function checksOf(document: Node): DocumentChecks {
  let checks = documents.get(document);
  if (!checks) {
    documentsSeen += 1;
    checks = {
      id: `https://source-${documentsSeen}.invalid/openapi.json`,
      byObject: new Map(),
      byText: new Map(),
    };
    documents.set(document, checks);
  }
  return checks;
}

function compiled(document: Node, checks: DocumentChecks, schema: Node, mode: Mode): Check {
  const id = `${checks.id}/${mode}`;
  try {
    if (!hasDocument(id)) addDocument(id, prepared(document, document, mode));
    return compileAt(id, prepared(document, schema, mode));
  } catch (error) {
    if (!compileFailureWarned) console.warn('mock source: a schema is not checked', error);
    compileFailureWarned = true;
    return null;
  }
}

function checkFor(document: Node, schema: Node, mode: Mode): Check {
  const checks = checksOf(document);
  let byObject = checks.byObject.get(mode);
  if (!byObject) {
    byObject = new WeakMap();
    checks.byObject.set(mode, byObject);
  }
  const known = byObject.get(schema);
  if (known !== undefined) return known;
  const text = `${mode} ${JSON.stringify(schema)}`;
  let check = checks.byText.get(text);
  if (check === undefined) {
    check = compiled(document, checks, schema, mode);
    checks.byText.set(text, check);
  }
  byObject.set(schema, check);
  return check;
}

/**
 * Where the value holds a number JSON cannot (1e400 reads as Infinity), whatever the schema says:
 * an untyped or free-form value would be stored as null.
 */
function nonFinitePointers(value: unknown, pointer: string, depth = 0): string[] {
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [pointer];
  if (depth > 64) return [];
  if (Array.isArray(value))
    return value.flatMap((item, index) =>
      nonFinitePointers(item, `${pointer}/${index}`, depth + 1),
    );
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([name, item]) =>
    nonFinitePointers(item, `${pointer}/${pointerSegment(name)}`, depth + 1),
  );
}

const BODY = '(body)';

function fieldOf(pointer: string): string {
  return pointer.split('/').slice(1).join('.') || BODY;
}

const labelOf = (field: string) => (field === BODY ? mockMessages.bodyLabel : field);

/**
 * What is wrong with `value` under `schema` of `document`, every problem; `pointer` is where the
 * value sits in what was sent (a wrapped record's `/article`, a parameter's `/limit`).
 */
export function validate(
  document: Node,
  input: unknown,
  value: unknown,
  mode: Mode,
  pointer = '',
): FieldError[] {
  const schema = isRecord(input) ? input : {};
  const infinite = nonFinitePointers(value, pointer);
  const check = checkFor(document, schema, mode);
  const errors = check && !check(value) ? (check.errors ?? []) : [];
  const found: FieldError[] = infinite.map((at) => ({
    pointer: at,
    field: fieldOf(at),
    message: mockMessages.notFiniteNumber(labelOf(fieldOf(at))),
  }));
  for (const group of errorGroups(errors)) {
    const at = `${pointer}${group.pointer}`;
    // Said once, as not a number at all.
    if (infinite.includes(at)) continue;
    const label = labelOf(fieldOf(at));
    // A value none of a oneOf/anyOf's shapes takes is told as such, whichever shape came closest.
    const message = group.ofShapes
      ? mockMessages.badFormat(label)
      : describeErrors(group.errors, label);
    found.push({ pointer: at, field: fieldOf(at), message });
  }
  return found;
}
