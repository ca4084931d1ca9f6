/**
 * The records of each resource, in memory: seeded from the document's examples (a record-level
 * `example`/`examples` of the entity or of its list and info answers, else the properties' own
 * examples for the first record) and then values that satisfy the entity schema, all drawn from
 * one seeded sequence per resource. Nothing is written anywhere.
 */
import { isRecord, listOf, textOf } from '@/core/guards';
import { valueAtPath } from '@/core/rest-source';
import { seededRandom, type Random } from './random';
import type { Operation, Resource } from './routes';
import {
  declaredExample,
  jsonMedia,
  propertiesOf,
  recordAt,
  resolve,
  typeOf,
  type Node,
} from './schema';
import { validate } from './schema-check';
import { valueFor } from './values';

export interface Row {
  /** The parent record's key, for a nested collection (the isbn of a review's book). */
  parent?: string;
  value: Node;
}

export interface ResourceTable {
  resource: Resource;
  rows: Row[];
  /** The next integer key to hand out. */
  nextId: number;
  random: Random;
}

export function keyOf(table: ResourceTable, row: Row): string {
  return textOf(row.value[table.resource.primaryKey]);
}

export function primaryKeyType(document: Node, resource: Resource): string | undefined {
  return typeOf(keySchema(document, resource));
}

/** Records the document itself gives: examples of the entity, of its info answer, of its list answer. */
function exampleRecords(
  document: Node,
  resource: Resource,
  operations: readonly Operation[],
): Node[] {
  const found: unknown[] = [];
  const entity = declaredExample(document, resource.entity);
  if (entity) found.push(entity.value);
  for (const operation of operations) {
    if (operation.resource !== resource || !['info', 'list'].includes(operation.capability ?? ''))
      continue;
    for (const [status, response] of Object.entries(recordAt(operation.operation, 'responses'))) {
      if (!status.startsWith('2')) continue;
      const media = jsonMedia(recordAt(resolve(document, response), 'content'));
      const example = media && declaredExample(document, media);
      if (!example) continue;
      // Inside the answer's declared wrapper: the list's rows, the info's record.
      const admin = recordAt(operation.operation, 'x-admin');
      const at = operation.capability === 'list' ? admin.items : admin.record;
      const value = typeof at === 'string' ? valueAtPath(example.value, at) : example.value;
      if (Array.isArray(value)) found.push(...listOf(value));
      else found.push(value);
    }
  }
  return found.filter(
    (value): value is Node =>
      isRecord(value) && validate(document, resource.entity, value, 'output').length === 0,
  );
}

/**
 * The schema a string key is made by: the key field's, with the format or pattern of the item
 * path parameter where the field states neither (DigitalOcean's firewall `id: { type: string }`
 * under `/v2/firewalls/{firewall_id}` whose parameter is a uuid: a key of another shape could
 * not be asked for). A key the record does not declare (listmonk's Bounce, `{ results }` under
 * `/bounces/{id}`) is made by the parameter's schema alone.
 */
function keySchema(document: Node, resource: Resource): Node {
  const declared = propertiesOf(document, resource.entity).get(resource.primaryKey);
  const parameter = resource.keyParameter ? resolve(document, resource.keyParameter) : {};
  if (declared === undefined) return parameter;
  const field = declared;
  const shaped = (schema: Node) => schema.format !== undefined || schema.pattern !== undefined;
  if (shaped(field) || !shaped(parameter) || typeOf(parameter) !== 'string') return field;
  const { example: _example, examples: _examples, ...rest } = field;
  return { ...rest, format: parameter.format, pattern: parameter.pattern };
}

/** Whether a key can be named in the item path (it fits the parameter's schema). */
function fitsKeyParameter(document: Node, resource: Resource, key: unknown): boolean {
  const parameter = resource.keyParameter;
  if (!parameter || typeOf(resolve(document, parameter)) !== 'string') return true;
  return validate(document, parameter, textOf(key), 'output').length === 0;
}

/** A key not used yet: the next integer, or a generated string (uuid, pattern) tried a few times. */
export function newKey(document: Node, table: ResourceTable): unknown {
  const { resource } = table;
  if (primaryKeyType(document, resource) === 'integer') {
    const used = table.rows.map((row) => Number(row.value[resource.primaryKey]));
    table.nextId = Math.max(table.nextId, ...used.filter(Number.isSafeInteger).map((id) => id + 1));
    return table.nextId++;
  }
  const schema = keySchema(document, resource);
  const taken = new Set(table.rows.map((row) => keyOf(table, row)));
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const value = valueFor(document, schema, {
      random: table.random,
      examples: false,
      name: resource.primaryKey,
    });
    if (value !== undefined && !taken.has(textOf(value))) return value;
  }
  return `${resource.key}-${table.rows.length + 1}`;
}

export interface SeedOptions {
  seed: string;
  /** Records per resource (parents' counts, nested ones per parent): 5–20 by default. */
  count?: number;
}

export function seedTables(
  document: Node,
  resources: readonly Resource[],
  operations: readonly Operation[],
  options: SeedOptions,
): Map<string, ResourceTable> {
  const tables = new Map<string, ResourceTable>();
  // Parents first, so a nested collection's records belong to existing parents.
  const ordered = [...resources].sort(
    (a, b) => Number(a.parentParam !== undefined) - Number(b.parentParam !== undefined),
  );
  // Nested objects of a named schema are shared between a resource's records (./values.ts).
  for (const resource of ordered) {
    const shared = new Map<string, unknown[]>();
    const random = seededRandom(`${options.seed}:${resource.key}`);
    const table: ResourceTable = { resource, rows: [], nextId: 1, random };
    tables.set(resource.key, table);
    const parents = parentRows(tables, resource, operations);
    const count = options.count ?? random.int(5, 20);
    const seeds = exampleRecords(document, resource, operations);
    for (let i = 0; i < count; i += 1) {
      const generated =
        i < seeds.length
          ? structuredClone(seeds[i])
          : valueFor(document, resource.entity, { random, examples: i === 0, shared });
      if (!isRecord(generated)) break;
      const value: Node = { ...generated };
      const key = value[resource.primaryKey];
      const clash = table.rows.some((row) => keyOf(table, row) === textOf(key));
      if (
        key === undefined ||
        clash ||
        !fitsKeyParameter(document, resource, key) ||
        (i >= seeds.length && primaryKeyType(document, resource) === 'integer')
      )
        value[resource.primaryKey] = newKey(document, table);
      const parent = parents.length > 0 ? random.pick(parents) : undefined;
      table.rows.push(parent === undefined ? { value } : { parent, value });
    }
  }
  return tables;
}

/** The keys of a nested collection's parent records (the books a review can belong to). */
function parentRows(
  tables: ReadonlyMap<string, ResourceTable>,
  resource: Resource,
  operations: readonly Operation[],
): string[] {
  if (!resource.parentParam) return [];
  const list = operations.find(
    (operation) => operation.resource === resource && operation.capability === 'list',
  );
  const collection =
    list?.segments.slice(0, list.segments.indexOf(`{${resource.parentParam}}`)) ?? [];
  for (const table of tables.values()) {
    const own = operations.find(
      (operation) => operation.resource === table.resource && operation.capability === 'list',
    );
    if (own && own.segments.join('/') === collection.join('/'))
      return table.rows.map((row) => keyOf(table, row));
  }
  return [];
}
