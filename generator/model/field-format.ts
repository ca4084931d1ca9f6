/**
 * Text formats of a property schema that the form checks (email, phone, URL, any pattern):
 * carried into the field definition's parameData as `format` / `pattern`, so the form engine
 * refuses a bad value with a Chinese message before the server does.
 */
import { isJson, type Json } from '../json';

export type TextFormat = 'email' | 'phone' | 'url';

/** JSON-schema `format` values and the form format each means. */
const SCHEMA_FORMATS: Readonly<Record<string, TextFormat>> = {
  email: 'email',
  'idn-email': 'email',
  uri: 'url',
  url: 'url',
  iri: 'url',
};

/** A mainland mobile-number pattern (optionally allowing empty), as contracts write it. */
const PHONE_PATTERN = /^\^(?:\$\|\^)?1\[3-9\](?:\[0-9\]|\\d)\{9\}\$$/;

/** The schema itself or, for "empty or X" (`anyOf` / `oneOf`), any of its branches. */
function branches(schema: Json): Json[] {
  const alternatives = [schema.anyOf, schema.oneOf].filter(Array.isArray).flat().filter(isJson);
  return [schema, ...alternatives];
}

/**
 * The form rules a property schema implies, or undefined when it implies none.
 *
 * @example fieldFormat({ type: 'string', format: 'email' }) // { format: 'email' }
 * @example fieldFormat({ type: 'string', pattern: '^$|^1[3-9][0-9]{9}$' }) // { format: 'phone', pattern: '^$|^1[3-9][0-9]{9}$' }
 * @example fieldFormat({ type: 'string', pattern: '^[0-9]{6}$' }) // { pattern: '^[0-9]{6}$' }
 */
export function fieldFormat(schema: Json): { format?: TextFormat; pattern?: string } | undefined {
  const rules: { format?: TextFormat; pattern?: string } = {};
  for (const branch of branches(schema)) {
    const format = typeof branch.format === 'string' ? SCHEMA_FORMATS[branch.format] : undefined;
    if (format && !rules.format) rules.format = format;
    if (typeof branch.pattern === 'string' && !rules.pattern) rules.pattern = branch.pattern;
  }
  if (rules.pattern && PHONE_PATTERN.test(rules.pattern)) rules.format = 'phone';
  return rules.format || rules.pattern ? rules : undefined;
}
