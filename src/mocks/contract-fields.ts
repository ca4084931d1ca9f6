/**
 * A call's fields as the contract describes them: their labels (x-admin.label, else the
 * property name) for messages, and text (query strings, form fields, sheet cells) read as the
 * types the schema asks for, blanks dropped.
 */
import { mockMessages, mockQueryLabels } from '@/locale/mock';
import {
  deref,
  isObject,
  type OpenApiDocument,
  type Operation,
  type Schema,
} from './contract-document';
import type { Params } from './util';

/** Labels of every property reachable from `schema` (x-admin.label), first one wins. */
function collectLabels(
  doc: OpenApiDocument,
  schema: unknown,
  labels: Map<string, string>,
  seen: Set<unknown>,
): void {
  if (!isObject(schema) || seen.has(schema)) return;
  seen.add(schema);
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    collectLabels(doc, deref(doc, schema), labels, seen);
    // A form body (AdminNoticeInput) takes its labels from its record (AdminNotice).
    const input = /^#\/components\/schemas\/(.+)Input$/.exec(ref);
    if (input)
      collectLabels(doc, deref(doc, { $ref: `#/components/schemas/${input[1]}` }), labels, seen);
  }
  if (isObject(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      const admin = isObject(property) ? property['x-admin'] : undefined;
      if (isObject(admin) && typeof admin.label === 'string' && !labels.has(name))
        labels.set(name, admin.label);
      collectLabels(doc, property, labels, seen);
    }
  }
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const parts = schema[key];
    if (Array.isArray(parts)) for (const part of parts) collectLabels(doc, part, labels, seen);
  }
  collectLabels(doc, schema.items, labels, seen);
}

export function labelsOf(doc: OpenApiDocument, operation: Operation): Map<string, string> {
  const labels = new Map<string, string>();
  const seen = new Set<unknown>();
  collectLabels(doc, operation.body, labels, seen);
  for (const [name, { schema }] of operation.query) {
    collectLabels(doc, { properties: { [name]: schema } }, labels, seen);
  }
  // The module's record names the fields its list filters and forms use.
  const entity = doc.tags?.find((tag) => tag.name === operation.tag)?.['x-admin']?.entity;
  if (entity) collectLabels(doc, { $ref: `#/components/schemas/${entity}` }, labels, seen);
  return labels;
}

export function labelFor(labels: Map<string, string>, name: string): string {
  if (!name) return mockMessages.bodyLabel;
  return labels.get(name) ?? (Object.hasOwn(mockQueryLabels, name) ? mockQueryLabels[name]! : name);
}

/** The types a schema allows (through $ref and allOf); empty when any type goes. */
export function typesOf(doc: OpenApiDocument, raw: unknown, depth = 0): string[] {
  const schema = deref(doc, raw);
  if (depth > 8) return [];
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((type) => typeof type === 'string');
  if (Array.isArray(schema.enum)) {
    const kinds = new Set(schema.enum.map((value) => typeof value));
    return kinds.size === 1 && kinds.has('number') ? ['number'] : [];
  }
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const parts = schema[key];
    if (!Array.isArray(parts)) continue;
    const types = parts.flatMap((part) => typesOf(doc, part, depth + 1));
    // oneOf [integer, string] keeps the text: coercing would make both branches match.
    if (key !== 'allOf' && types.includes('string')) return ['string'];
    if (types.length) return types;
  }
  return [];
}

const NUMERIC = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Text as the type the schema asks for, when it reads as one; otherwise left as sent. */
export function coerceText(value: unknown, types: string[]): unknown {
  if (typeof value !== 'string' || !types.length || types.includes('string')) return value;
  const text = value.trim();
  if ((types.includes('integer') || types.includes('number')) && NUMERIC.test(text))
    return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  if ((types.includes('array') || types.includes('object')) && /^[[{]/.test(text)) {
    try {
      const parsed: unknown = JSON.parse(text);
      return parsed;
    } catch {
      return value;
    }
  }
  return value;
}

/**
 * A value typed into a form or a spreadsheet cell as the schema's type: text by `coerceText`;
 * a number or a true/false cell in a text-only field as its text (Excel turns 13800138001
 * typed into a cell into a number).
 */
function coerceField(value: unknown, types: string[]): unknown {
  const textOnly =
    types.includes('string') &&
    !types.some((type) => ['integer', 'number', 'boolean'].includes(type));
  if ((typeof value === 'number' || typeof value === 'boolean') && textOnly) return String(value);
  return coerceText(value, types);
}

/** The properties of an object schema, through $ref and allOf. */
function propertiesOf(doc: OpenApiDocument, raw: unknown, depth = 0): Map<string, unknown> {
  const schema = deref(doc, raw);
  const properties = new Map<string, unknown>();
  if (depth > 8) return properties;
  if (isObject(schema.properties))
    for (const [name, property] of Object.entries(schema.properties))
      properties.set(name, property);
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf)
      for (const [name, property] of propertiesOf(doc, part, depth + 1))
        if (!properties.has(name)) properties.set(name, property);
  }
  return properties;
}

/** Empty values stand for "not given": a blank optional field is not a malformed one. */
export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && !value.trim());
}

export function withoutBlanks(values: Params): Params {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => !isBlank(value)));
}

/** Fields of a form (or a sheet row) as the body schema's types, blanks dropped. */
export function typedFields(doc: OpenApiDocument, schema: Schema, fields: Params): Params {
  const properties = propertiesOf(doc, schema);
  return withoutBlanks(
    Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [
        name,
        coerceField(value, typesOf(doc, properties.get(name))),
      ]),
    ),
  );
}
