/**
 * Values that satisfy a schema, for seeding and for answering operations without an example:
 * the schema's own example, default or enum first, else a value of its type within its bounds
 * (formats, lengths, patterns), drawn from a seeded sequence so the same seed gives the same data.
 */
import { isRecord, listOf } from '@/core/guards';
import { stringForPattern } from './pattern';
import type { Random } from './random';
import {
  declaredExample,
  isNullable,
  numberAt,
  propertiesOf,
  requiredOf,
  resolve,
  textAt,
  typeOf,
  withAllOf,
  type Node,
} from './schema';
import { validate } from './schema-check';

const WORDS = ['alpha', 'bravo', 'cedar', 'delta', 'ember', 'fable', 'grove', 'harbor', 'iris'];
const DAY_MS = 86_400_000;
/** 2024-01-01: generated dates are within a few years after it. */
const EPOCH = Date.UTC(2024, 0, 1);

export interface ValueOptions {
  random: Random;
  /** Use the schemas' `example`s (seeding the first record) or not (the others). */
  examples: boolean;
  /** The property's name, for a readable string (`name-3`). */
  name?: string;
  depth?: number;
  /**
   * Objects of a named schema inside records (a pet's Category), by `$ref`: records share a
   * few of them, as a real API's pets share categories, instead of each having its own.
   */
  shared?: Map<string, unknown[]>;
}

/** How many different objects of one named schema the seeded records share. */
const SHARED_PER_SCHEMA = 3;

function hex(random: Random, length: number): string {
  let text = '';
  for (let i = 0; i < length; i += 1) text += random.int(0, 15).toString(16);
  return text;
}

function formatted(format: string | undefined, options: ValueOptions): string | undefined {
  const { random } = options;
  const date = new Date(EPOCH + random.int(0, 1000) * DAY_MS + random.int(0, 86_399) * 1000);
  switch (format) {
    case 'date':
      return date.toISOString().slice(0, 10);
    case 'date-time':
      return date.toISOString().replace(/\.\d+Z$/, 'Z');
    case 'time':
      return date.toISOString().slice(11, 19);
    case 'email':
      return `${random.pick(WORDS)}${random.int(1, 99)}@example.com`;
    case 'uri':
    case 'url':
      return `https://example.com/${random.pick(WORDS)}/${random.int(1, 999)}`;
    case 'uuid':
      return `${hex(random, 8)}-${hex(random, 4)}-4${hex(random, 3)}-a${hex(random, 3)}-${hex(random, 12)}`;
    // Addresses of the ranges reserved for documentation (RFC 5737, RFC 3849, RFC 2606).
    case 'hostname':
      return `${random.pick(WORDS)}-${random.int(1, 99)}.example.com`;
    case 'ipv4':
      return `192.0.2.${random.int(1, 254)}`;
    case 'ipv6':
      return `2001:db8::${hex(random, 4)}`;
    case 'byte':
      return btoa(`${random.pick(WORDS)} ${random.int(1, 99)}`);
    default:
      return undefined;
  }
}

/**
 * A text of the schema's bounds: by its pattern or format, else after the property's documented
 * example (the Museum's second event is "Pirate Coding Workshop 37", a pet "doggie 12"), else
 * from its name and a word ("name iris 65" read as placeholder data nobody would type).
 */
function stringValue(schema: Node, example: unknown, options: ValueOptions): string {
  const min = numberAt(schema, 'minLength') ?? 0;
  const max = numberAt(schema, 'maxLength') ?? 64;
  const pattern = textAt(schema, 'pattern');
  if (pattern) {
    const value = stringForPattern(pattern, options.random);
    if (value !== undefined) return value;
  }
  const number = options.random.int(2, 99);
  const value =
    formatted(textAt(schema, 'format'), options) ??
    (typeof example === 'string' && example.trim()
      ? `${example.trim()} ${number}`
      : `${options.name ?? options.random.pick(WORDS)} ${options.random.pick(WORDS)} ${number}`);
  return value.padEnd(min, 'x').slice(0, Math.max(min, max));
}

function numberValue(schema: Node, integer: boolean, options: ValueOptions): number {
  const minimum = numberAt(schema, 'minimum') ?? numberAt(schema, 'exclusiveMinimum') ?? 0;
  const maximum =
    numberAt(schema, 'maximum') ?? numberAt(schema, 'exclusiveMaximum') ?? minimum + 1000;
  const low = Math.ceil(minimum) + (schema.exclusiveMinimum !== undefined ? 1 : 0);
  const high = Math.floor(maximum) - (schema.exclusiveMaximum !== undefined ? 1 : 0);
  const value = options.random.int(low, Math.max(low, high));
  // DigitalOcean's sizes state `memory: { multipleOf: 8 }`: a multiple within the bounds.
  const step = numberAt(schema, 'multipleOf');
  if (step !== undefined && step > 0) {
    const multiple = Math.ceil(value / step) * step;
    return multiple > high && multiple - step >= low ? multiple - step : multiple;
  }
  return integer ? value : Math.min(maximum, value + options.random.int(0, 99) / 100);
}

/** A value satisfying the schema (undefined only for a schema that allows nothing we can make). */
export function valueFor(document: Node, input: unknown, options: ValueOptions): unknown {
  const depth = options.depth ?? 0;
  const ref = isRecord(input) && typeof input.$ref === 'string' ? input.$ref : undefined;
  const isObject = ref !== undefined && typeOf(resolve(document, input)) === 'object';
  const pool = isObject && depth > 0 ? options.shared : undefined;
  if (pool && ref !== undefined) {
    const made = pool.get(ref) ?? [];
    if (made.length >= SHARED_PER_SCHEMA) return structuredClone(options.random.pick(made));
    // The first is the schema's documented example (Petstore's Dogs) when it has one.
    const value = ownValueFor(document, input, { ...options, examples: made.length === 0 });
    if (isRecord(value)) pool.set(ref, [...made, value]);
    return value;
  }
  return ownValueFor(document, input, options);
}

function ownValueFor(document: Node, input: unknown, options: ValueOptions): unknown {
  const schema = withAllOf(document, resolve(document, input));
  const depth = options.depth ?? 0;
  if (options.examples) {
    const example = declaredExample(document, schema);
    if (example && validate(document, schema, example.value, 'output').length === 0)
      return example.value;
  }
  if (Object.hasOwn(schema, 'const')) return schema.const;
  const choices = listOf(schema.enum).filter((value) => value !== null);
  if (choices.length > 0) return options.random.pick(choices);
  if (options.examples && Object.hasOwn(schema, 'default')) return schema.default;
  const variants = [...listOf(schema.oneOf), ...listOf(schema.anyOf)];
  if (variants.length > 0) return variantValue(document, schema, variants, { ...options, depth });
  switch (typeOf(schema)) {
    case 'string':
      return stringValue(schema, declaredExample(document, schema)?.value, options);
    case 'integer':
      return numberValue(schema, true, options);
    case 'number':
      return numberValue(schema, false, options);
    case 'boolean':
      return options.random.next() < 0.5;
    case 'array': {
      // Deep down, arrays are empty where they may be (a recursive schema ends there).
      if (depth > 6 && (numberAt(schema, 'minItems') ?? 0) === 0) return [];
      const min = numberAt(schema, 'minItems') ?? 1;
      const count = Math.min(numberAt(schema, 'maxItems') ?? min + 1, Math.max(min, 1) + 1);
      const items: unknown[] = [];
      for (let i = 0; i < count; i += 1) {
        const item = valueFor(document, schema.items, { ...options, depth: depth + 1 });
        const isDuplicate = items.some((seen) => JSON.stringify(seen) === JSON.stringify(item));
        if (!(schema.uniqueItems === true && isDuplicate)) items.push(item);
      }
      return items.slice(0, Math.max(min, items.length));
    }
    case 'object':
    case undefined:
      return objectValue(document, schema, options, depth);
    default:
      return isNullable(schema) ? null : undefined;
  }
}

/**
 * A value of the first variant that fits the union as a validator reads it: for a oneOf, that
 * variant alone (DigitalOcean's feature `value: oneOf [string, boolean, string]` — any text fits
 * two, so a boolean); else the first variant's.
 */
function variantValue(
  document: Node,
  schema: Node,
  variants: readonly unknown[],
  options: ValueOptions,
): unknown {
  const first = valueFor(document, variants[0], options);
  if (listOf(schema.oneOf).length === 0) return first;
  for (const variant of variants) {
    const value = variant === variants[0] ? first : valueFor(document, variant, options);
    if (validate(document, schema, value, 'output').length === 0) return value;
  }
  return first;
}

function objectValue(document: Node, schema: Node, options: ValueOptions, depth: number): unknown {
  const properties = propertiesOf(document, schema);
  const required = new Set(requiredOf(document, schema));
  // Past a few levels only required fields are made (above), so the value ends; the cut-off
  // is for schemas that require themselves. OpenAI's answers nest required objects 6 deep.
  if ((properties.size === 0 && required.size === 0) || depth > 16) return {};
  const entries: [string, unknown][] = [];
  for (const [name, property] of properties) {
    if (!required.has(name) && depth > 2) continue;
    // As written (a `$ref` names the schema a shared object is kept under), else resolved.
    const written = isRecord(schema.properties) ? schema.properties[name] : undefined;
    const value = valueFor(document, written ?? property, { ...options, name, depth: depth + 1 });
    if (value !== undefined) entries.push([name, value]);
  }
  // Required without a schema (DigitalOcean's sinks_response requires `urn`, which it does not
  // declare): any value is one; a text, so the answer still has every field it requires.
  for (const name of required)
    if (!properties.has(name))
      entries.push([name, `${name} ${options.random.pick(WORDS)} ${options.random.int(2, 99)}`]);
  return Object.fromEntries(entries);
}
