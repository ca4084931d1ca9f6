/**
 * Row and toolbar actions: an operation that is not a capability becomes a button with a form of
 * its parameters (query, path, and the body's fields). A body the form cannot send — an array,
 * XML, CSV — leaves the operation out, with the reason.
 */
import type { YamlMap } from '../../src/core/yaml-text';
import type { Json } from '../json';
import { inferField, type ListedEntity } from './fields';
import { readableName } from './labels';
import type { LeftOut, ResourceAction } from './resources';
import { flattenObject, isStructuredMedia, resolveRef, schemaType } from './schemas';
import type { SourceOperation } from './source-operations';

export interface ActionInference {
  admin: YamlMap | undefined;
  leftOut: LeftOut | undefined;
  notes: string[];
}

/** A permission key suffix from the operationId (or method and path): uploadFile → UPLOADFILE. */
export function actionSuffix(operation: SourceOperation): string {
  const base = operation.operationId ?? `${operation.method}${operation.path}`;
  const suffix = base.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  return /^[A-Z0-9]+$/.test(suffix) && suffix !== '' ? suffix : 'ACTION';
}

function bodyFields(
  operation: SourceOperation,
  listed: ReadonlyMap<string, ListedEntity>,
  document: Json,
): YamlMap[] | LeftOut {
  const body = operation.body;
  if (!body) return [];
  const media = body.mediaType.split(';')[0]!.trim();
  const schema = resolveRef(body.schema, document);
  if (media === 'application/octet-stream' || schema.format === 'binary')
    return [
      {
        name: 'file',
        in: 'body',
        label: 'file',
        control: 'UploadFile',
        ...(body.required ? { required: true } : {}),
      },
    ];
  if (!isStructuredMedia(media)) return { where: operation.label, reason: `body is ${media} only` };
  const type = schemaType(schema);
  if (type === 'array') return { where: operation.label, reason: 'body is an array' };
  if (type !== 'object')
    return { where: operation.label, reason: `body is a bare ${type ?? 'value'}, not an object` };
  const flat = flattenObject(body.schema, [], document);
  return flat.properties.map((property) => {
    const field = inferField(property.name, property.schema, {
      document,
      listed,
      where: `${operation.label} body.${property.name}`,
      required: flat.required.includes(property.name),
      primaryKey: false,
      filter: false,
      sortable: false,
    });
    const { column: _column, ...admin } = field.admin;
    return { name: property.name, in: 'body', ...admin };
  });
}

/** The button's text: the summary, else the operationId made readable (favoriteArticle → Favorite article). */
function actionLabel(operation: SourceOperation): string {
  const summary = operation.summary?.trim();
  if (summary) return summary;
  return operation.operationId ? readableName(operation.operationId) : operation.label;
}

/**
 * @example inferAction({ operation: uploadFile, placement: 'row' }, 'PET', 'petId', listed, doc).admin
 * // { action: 'row', label: 'uploads an image', permission: 'PET_UPLOADFILE', fields: [{ name: 'additionalMetadata', in: 'query', … }, { name: 'file', … }] }
 */
export function inferAction(
  action: ResourceAction,
  permissionKey: string,
  idParam: string | undefined,
  listed: ReadonlyMap<string, ListedEntity>,
  document: Json,
  authHeaders: readonly string[],
): ActionInference {
  const { operation, placement } = action;
  const body = bodyFields(operation, listed, document);
  if (!Array.isArray(body)) return { admin: undefined, leftOut: body, notes: [] };
  const notes: string[] = [];
  const fields: YamlMap[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path' && placement === 'row' && parameter.name === idParam) continue;
    if (parameter.in === 'header' || parameter.in === 'cookie') {
      if (!authHeaders.includes(parameter.name.toLowerCase()))
        notes.push(
          `${operation.label}: ${parameter.in} parameter ${parameter.name} is not a form field — not sent`,
        );
      continue;
    }
    const field = inferField(parameter.name, parameter.schema, {
      document,
      listed,
      where: `${operation.label} ${parameter.in} ${parameter.name}`,
      required: parameter.required,
      primaryKey: false,
      filter: false,
      sortable: false,
    });
    const { column: _column, ...admin } = field.admin;
    fields.push({ name: parameter.name, in: parameter.in, ...admin });
  }
  fields.push(...body);
  const admin: YamlMap = {
    action: placement,
    label: actionLabel(operation),
  };
  if (!operation.isPublic) admin.permission = `${permissionKey}_${actionSuffix(operation)}`;
  admin.fields = fields;
  return { admin, leftOut: undefined, notes };
}
