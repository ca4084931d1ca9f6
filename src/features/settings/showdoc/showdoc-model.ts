/**
 * The API documentation model, built from the bundled contract (generated/openapi.json):
 * groups (tags) → calls (operations) → parameters and fields with types and descriptions,
 * plus example bodies taken from the contract's examples or the entity seeds (x-admin.seed).
 * Pure: the screen loads the contract lazily and renders what this returns.
 */

import { isRecord, listOf, textOf } from '@/core/guards';

type Json = Record<string, unknown>;

/** A schema's `required` names (none when it has no list of them). */
function requiredOf(schema: Json): Set<string> {
  return new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
}

export interface DocField {
  /** Dotted path below the body or `data` (`data[].username`). */
  name: string;
  type: string;
  required: boolean;
  description: string;
}

export interface DocParameter extends DocField {
  in: string;
}

export interface DocCall {
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  summary: string;
  description: string;
  group: string;
  inferred: boolean;
  parameters: DocParameter[];
  body: DocField[];
  /** An example request body (JSON), when the call takes one. */
  bodyExample?: unknown;
  /** Example query/path values for "try it". */
  queryExample: Record<string, unknown>;
  /** Fields of the answer's `data`. */
  response: DocField[];
}

export interface DocGroup {
  name: string;
  title: string;
  description: string;
  calls: DocCall[];
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
/** Nested schemas are listed this deep; trees (children) would otherwise never end. */
const MAX_DEPTH = 4;

/** Resolves a local `$ref` (once per level; cycles stop at MAX_DEPTH). */
function resolve(doc: Json, schema: unknown): Json {
  if (!isRecord(schema)) return {};
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
  let node: unknown = doc;
  for (const part of ref.slice(2).split('/')) node = isRecord(node) ? node[part] : undefined;
  return isRecord(node)
    ? { ...node, ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== '$ref')) }
    : {};
}

/** allOf parts merged into one object schema (properties and required lists joined). */
function flatten(doc: Json, schema: unknown): Json {
  const own = resolve(doc, schema);
  if (!Array.isArray(own.allOf)) return own;
  const merged: Json = { ...own, allOf: undefined };
  const properties: Json = isRecord(own.properties) ? { ...own.properties } : {};
  const required = requiredOf(own);
  for (const part of own.allOf) {
    const flat = flatten(doc, part);
    if (isRecord(flat.properties)) Object.assign(properties, flat.properties);
    if (Array.isArray(flat.required)) flat.required.forEach((name) => required.add(String(name)));
    for (const key of ['type', 'description', 'items', 'x-admin'] as const)
      if (merged[key] === undefined && flat[key] !== undefined) merged[key] = flat[key];
  }
  merged.properties = properties;
  merged.required = [...required];
  return merged;
}

/** A readable type: integer, string(email), array<string>, 1 | 2, object. */
export function typeText(doc: Json, schema: unknown): string {
  const flat = flatten(doc, schema);
  if (Array.isArray(flat.enum)) return flat.enum.map((value) => JSON.stringify(value)).join(' | ');
  const type = Array.isArray(flat.type) ? flat.type.join(' | ') : flat.type;
  if (type === 'array') return `array<${typeText(doc, flat.items)}>`;
  const variants = [flat.oneOf, flat.anyOf].find(Array.isArray);
  if (!type && variants)
    return (variants as unknown[]).map((variant) => typeText(doc, variant)).join(' | ');
  const format = typeof flat.format === 'string' ? `(${flat.format})` : '';
  if (typeof type === 'string') return `${type}${format}`;
  if (isRecord(flat.properties)) return 'object';
  return 'any';
}

function describe(schema: Json): string {
  const admin = isRecord(schema['x-admin']) ? schema['x-admin'] : {};
  const label = typeof admin.label === 'string' ? admin.label : '';
  const description = typeof schema.description === 'string' ? schema.description : '';
  if (label && description && !description.startsWith(label)) return `${label}：${description}`;
  return label || description;
}

/** The fields of an object schema, nested ones as dotted paths. */
export function fieldsOf(doc: Json, schema: unknown, prefix = '', depth = 0): DocField[] {
  const flat = flatten(doc, schema);
  if (depth >= MAX_DEPTH) return [];
  if (flat.type === 'array' || (!isRecord(flat.properties) && flat.items))
    return fieldsOf(doc, flat.items, `${prefix}[]`, depth + 1);
  if (!isRecord(flat.properties)) return [];
  const required = requiredOf(flat);
  const fields: DocField[] = [];
  for (const [name, property] of Object.entries(flat.properties)) {
    const resolved = flatten(doc, property);
    const path = prefix ? `${prefix}.${name}` : name;
    fields.push({
      name: path,
      type: typeText(doc, property),
      required: required.has(name),
      description: describe(resolved),
    });
    const nested = resolved.type === 'array' ? flatten(doc, resolved.items) : resolved;
    if (isRecord(nested.properties) && name !== 'children')
      fields.push(...fieldsOf(doc, resolved, path, depth + 1));
  }
  return fields;
}

function jsonContent(container: unknown): Json | undefined {
  if (!isRecord(container) || !isRecord(container.content)) return undefined;
  const json = container.content['application/json'] ?? Object.values(container.content)[0];
  return isRecord(json) ? json : undefined;
}

/** The schema of `data` in the 200 answer (the envelope's own fields are the same everywhere). */
function responseData(doc: Json, operation: Json): unknown {
  const responses = isRecord(operation.responses) ? operation.responses : {};
  const ok = resolve(doc, responses['200']);
  const schema = flatten(doc, jsonContent(ok)?.schema);
  return isRecord(schema.properties) ? schema.properties.data : undefined;
}

/** The first seed record of a schema (x-admin.seed), following refs, allOf and arrays. */
function seedOf(doc: Json, schema: unknown, depth = 0): Json | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const own = resolve(doc, schema);
  const admin = isRecord(own['x-admin']) ? own['x-admin'] : {};
  if (Array.isArray(admin.seed) && isRecord(admin.seed[0])) return admin.seed[0];
  for (const part of [...listOf(own.allOf), own.items]) {
    const seed = seedOf(doc, part, depth + 1);
    if (seed) return seed;
  }
  return undefined;
}

/** The seed record of the group's entity (tag x-admin.entity). */
function entitySeed(doc: Json, tag: Json | undefined): Json | undefined {
  const admin = tag && isRecord(tag['x-admin']) ? tag['x-admin'] : undefined;
  const entity = admin && typeof admin.entity === 'string' ? admin.entity : undefined;
  return entity ? seedOf(doc, { $ref: `#/components/schemas/${entity}` }) : undefined;
}

/** An example value of one field: the seed's value, the schema's example/default, or a stand-in. */
function exampleValue(
  doc: Json,
  schema: unknown,
  seed: Json | undefined,
  name: string,
  depth: number,
): unknown {
  if (seed && name in seed) return seed[name];
  const flat = flatten(doc, schema);
  if (flat.example !== undefined) return flat.example;
  if (flat.default !== undefined) return flat.default;
  if (Array.isArray(flat.enum)) return flat.enum[0];
  if (isRecord(flat.properties)) return exampleObject(doc, flat, seed, depth + 1);
  switch (flat.type) {
    case 'integer':
    case 'number':
      return typeof flat.minimum === 'number' ? Math.max(flat.minimum, 1) : 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    default:
      return '';
  }
}

function exampleObject(
  doc: Json,
  schema: Json,
  seed: Json | undefined,
  depth = 0,
): Json | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const flat = flatten(doc, schema);
  if (!isRecord(flat.properties)) return undefined;
  const required = requiredOf(flat);
  const example: Json = {};
  for (const [name, property] of Object.entries(flat.properties)) {
    // Optional fields only when the seed has them: the example stays a real record.
    if (!required.has(name) && !(seed && name in seed)) continue;
    example[name] = exampleValue(doc, property, seed, name, depth);
  }
  return example;
}

/** The request body example: the contract's own example, else one built from the seed. */
function bodyExample(doc: Json, body: Json | undefined, seed: Json | undefined): unknown {
  if (!body) return undefined;
  if (body.example !== undefined) return body.example;
  const examples = isRecord(body.examples) ? Object.values(body.examples) : [];
  const first = examples.find(isRecord);
  if (first && first.value !== undefined) return first.value;
  const schema = flatten(doc, body.schema);
  if (schema.type === 'array') return [exampleValue(doc, schema.items, seed, '', 0)];
  return exampleObject(doc, schema, seed) ?? {};
}

function parameterOf(doc: Json, raw: unknown): DocParameter | undefined {
  const parameter = resolve(doc, raw);
  if (typeof parameter.name !== 'string') return undefined;
  return {
    name: parameter.name,
    in: typeof parameter.in === 'string' ? parameter.in : 'query',
    type: typeText(doc, parameter.schema),
    required: parameter.required === true,
    description: typeof parameter.description === 'string' ? parameter.description : '',
  };
}

/**
 * Groups (the contract's tags, in contract order) with their calls (path order).
 * @example buildDoc(openapi)[0] // { name: 'admindepartment', title: '部门管理', calls: [...] }
 */
export function buildDoc(contract: unknown): DocGroup[] {
  // The contract as JSON read it (the generated openapi.json): objects are checked as they are read.
  const doc = isRecord(contract) ? contract : {};
  const tags = Array.isArray(doc.tags) ? doc.tags.filter(isRecord) : [];
  const groups = new Map<string, DocGroup>();
  const tagOf = new Map<string, Json>();
  for (const tag of tags) {
    const name = String(tag.name);
    const admin = isRecord(tag['x-admin']) ? tag['x-admin'] : {};
    tagOf.set(name, tag);
    groups.set(name, {
      name,
      title: typeof admin.title === 'string' ? admin.title : textOf(tag.description ?? name),
      description: typeof tag.description === 'string' ? tag.description : '',
      calls: [],
    });
  }
  const paths = isRecord(doc.paths) ? doc.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      const groupName = Array.isArray(operation.tags) ? String(operation.tags[0]) : 'default';
      if (!groups.has(groupName))
        groups.set(groupName, { name: groupName, title: groupName, description: '', calls: [] });
      const seed = entitySeed(doc, tagOf.get(groupName));
      const parameters = [...listOf(item.parameters), ...listOf(operation.parameters)]
        .map((raw) => parameterOf(doc, raw))
        .filter((p): p is DocParameter => p !== undefined);
      const body = jsonContent(resolve(doc, operation.requestBody));
      const queryExample: Record<string, unknown> = {};
      for (const parameter of parameters) {
        if (seed && parameter.name in seed && parameter.in === 'path')
          queryExample[parameter.name] = seed[parameter.name];
        else if (parameter.required || parameter.in === 'path')
          queryExample[parameter.name] = parameter.name === 'pageindex' ? 1 : '';
      }
      const call: DocCall = {
        id: typeof operation.operationId === 'string' ? operation.operationId : `${method} ${path}`,
        method: method.toUpperCase() as DocCall['method'],
        path,
        summary: typeof operation.summary === 'string' ? operation.summary : '',
        description: typeof operation.description === 'string' ? operation.description : '',
        group: groupName,
        inferred: operation['x-inferred'] === true || tagOf.get(groupName)?.['x-inferred'] === true,
        parameters,
        body: body ? fieldsOf(doc, body.schema) : [],
        queryExample,
        response: fieldsOf(doc, responseData(doc, operation)),
      };
      if (body) call.bodyExample = bodyExample(doc, body, seed);
      groups.get(groupName)!.calls.push(call);
    }
  }
  return [...groups.values()].filter((group) => group.calls.length > 0);
}

/**
 * The groups narrowed to calls whose path, summary, description or group matches every word
 * of the term (case-insensitive); a group whose title matches keeps all its calls.
 */
export function searchDoc(groups: readonly DocGroup[], term: string): DocGroup[] {
  const words = term.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...groups];
  const matches = (text: string) => words.every((word) => text.toLowerCase().includes(word));
  const result: DocGroup[] = [];
  for (const group of groups) {
    if (matches(`${group.name} ${group.title}`)) {
      result.push(group);
      continue;
    }
    const calls = group.calls.filter((call) =>
      matches(`${call.method} ${call.path} ${call.summary} ${call.description} ${call.id}`),
    );
    if (calls.length > 0) result.push({ ...group, calls });
  }
  return result;
}

/** A path with its {placeholders} filled from the values (the rest become query parameters). */
export function fillPath(
  path: string,
  values: Record<string, unknown>,
): { url: string; rest: Record<string, unknown> } {
  const rest = { ...values };
  const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(textOf(value));
  });
  return { url, rest };
}
