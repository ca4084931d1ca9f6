/**
 * The envelope keys of a single-record call's x-admin: `record` — where the record sits in the
 * 2xx answer of info, add and edit (`{ article: {...} }` → `record: article`) — and `body` —
 * under which key add and edit send it (`{ article: { title, … } }` → `body: article`). Absent
 * means the answer (or the body) is the record itself.
 */
import type { YamlMap } from '../../src/core/yaml-text';
import { isJson, type Json } from '../json';
import { isObjectSchema, recordIn } from './list-items';
import { flattenObject, resolveRef, schemaType } from './schemas';
import type { ResourceCapability } from './resources';
import type { SourceOperation } from './source-operations';

export interface EnvelopeInference {
  admin: YamlMap;
  notes: string[];
}

/** Fields beside a wrapped record that are about the answer, not the record. */
const ANSWER_METADATA = ['links', '_links', 'meta', 'pagination'];

/**
 * Where an answer holds its record. A union answer is read by its first variant (DigitalOcean's
 * `POST /v2/droplets` answers `{ droplet, links }` or `{ droplets, links }`: their one common
 * field is `links`, which is no record), and links/meta beside one object field do not make it
 * a record of two objects (`{ droplet: {…}, links: {…} }` wraps the droplet).
 */
function answerRecordPath(schema: unknown, document: Json): string | undefined {
  const resolved = resolveRef(schema, document);
  const variants: unknown[] = Array.isArray(resolved.oneOf)
    ? resolved.oneOf
    : Array.isArray(resolved.anyOf)
      ? resolved.anyOf
      : [];
  const own = isJson(resolved.properties) || Array.isArray(resolved.allOf);
  const answer = variants.length > 0 && !own ? variants[0] : schema;
  const found = recordIn(answer, document)?.path;
  if (found) return found;
  const properties = flattenObject(answer, [], document).properties;
  const recordFields = properties.filter((p) => !ANSWER_METADATA.includes(p.name));
  const only = recordFields.length === 1 ? recordFields[0] : undefined;
  if (!only || properties.length === 1 || !isObjectSchema(only.schema, document)) return undefined;
  if (schemaType(resolveRef(only.schema, document)) === 'array') return undefined;
  const inner = recordIn(only.schema, document)?.path;
  return inner ? `${only.name}.${inner}` : only.name;
}

/**
 * @example envelopeOf('add', conduitCreateArticle, doc).admin // { record: 'article', body: 'article' }
 */
export function envelopeOf(
  capability: ResourceCapability,
  operation: SourceOperation,
  document: Json,
): EnvelopeInference {
  const admin: YamlMap = {};
  const notes: string[] = [];
  if (capability === 'info' || capability === 'add' || capability === 'edit') {
    const record = answerRecordPath(operation.success?.schema, document);
    if (record) {
      admin.record = record;
      notes.push(`${operation.label}: the answer wraps the record in ${record} (x-admin record)`);
    }
  }
  if (capability === 'add' || capability === 'edit') {
    const body = recordIn(operation.body?.schema, document)?.path;
    if (body) {
      admin.body = body;
      notes.push(`${operation.label}: the request body wraps the record in ${body} (x-admin body)`);
    }
  }
  return { admin, notes };
}
