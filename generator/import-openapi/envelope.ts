/**
 * The envelope keys of a single-record call's x-admin: `record` — where the record sits in the
 * 2xx answer of info, add and edit (`{ article: {...} }` → `record: article`) — and `body` —
 * under which key add and edit send it (`{ article: { title, … } }` → `body: article`). Absent
 * means the answer (or the body) is the record itself.
 */
import type { YamlMap } from '../../src/core/yaml-text';
import type { Json } from '../json';
import { recordIn } from './list-items';
import type { ResourceCapability } from './resources';
import type { SourceOperation } from './source-operations';

export interface EnvelopeInference {
  admin: YamlMap;
  notes: string[];
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
    const record = recordIn(operation.success?.schema, document)?.path;
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
