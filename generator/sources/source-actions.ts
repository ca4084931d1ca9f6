/**
 * The actions of a source module: each operation of its tag whose x-admin says `action: row` or
 * `action: toolbar` (written by `cli import-openapi`, see import-openapi/actions.ts) becomes a
 * SourceAction — the call, its button's text and permission key, and the form of its x-admin
 * `fields` (each field's control from its x-admin, its type from the parameter's or the body
 * property's schema). What a button cannot send is no button: the reason is returned, and the
 * import report states the same reason for the operation.
 */
import type { FieldDefinition } from '../../src/core/field-definition';
import type { ActionFieldPlace, SourceAction } from '../../src/core/source-action';
import { isJson, type Json } from '../json';
import { readableName } from '../import-openapi/labels';
import { fieldModel } from '../model/field-definition';
import { resolveProperty, resolveRef } from '../model/refs';
import { recordSchema } from './record-schema';
import { declaredJsonType, type TaggedOperation } from './source-calls';

export interface ModuleActions {
  actions: SourceAction[];
  /** `POST /pet/{petId}/uploadImage: …`: operations of the module left without a button. */
  skipped: string[];
}

const PLACES: readonly ActionFieldPlace[] = ['path', 'query', 'body'];

/** How a body is sent, from its media types; undefined when no button can send it. */
function bodyKind(operation: Json, document: Json): SourceAction['bodyAs'] | 'none' | undefined {
  const body = resolveRef(operation.requestBody, document);
  const content = isJson(body.content) ? body.content : undefined;
  if (!content) return 'none';
  const types = Object.keys(content).map((type) => type.split(';')[0]?.trim().toLowerCase() ?? '');
  if (types.some((type) => /^application\/(?:[\w.-]+\+)?json$/.test(type))) return 'json';
  if (types.includes('application/x-www-form-urlencoded')) return 'urlencoded';
  if (types.includes('multipart/form-data')) return 'multipart';
  return undefined;
}

/** The schema of the body as the form fills it: its JSON or form variant. */
function bodyProperties(operation: Json, document: Json): Record<string, unknown> {
  const body = resolveRef(operation.requestBody, document);
  const content = isJson(body.content) ? body.content : {};
  const entry = Object.values(content).find((value) => isJson(value) && value.schema);
  return isJson(entry) ? recordSchema(entry.schema, document).properties : {};
}

/** The schema a field stands for: its parameter's, or its body property's. */
function schemaOf(op: TaggedOperation, name: string, place: ActionFieldPlace, document: Json) {
  if (place === 'body')
    return resolveProperty(bodyProperties(op.operation, document)[name], document);
  const parameter = op.parameters.find((p) => p.name === name && p.in === place);
  return resolveProperty(parameter?.schema, document);
}

/** The tags that hold a module (an x-admin of their own). */
export function moduleTagNames(document: Json): Set<string> {
  const tags = Array.isArray(document.tags) ? document.tags : [];
  return new Set(
    tags.flatMap((tag) => (isJson(tag) && isJson(tag['x-admin']) ? [String(tag.name)] : [])),
  );
}

/** The first of the operation's tags that holds a module: the module it belongs to. */
function ownerTag(op: TaggedOperation, moduleTags: ReadonlySet<string>): string | undefined {
  const tags: unknown[] = Array.isArray(op.operation.tags) ? op.operation.tags : [];
  return tags.find((tag): tag is string => typeof tag === 'string' && moduleTags.has(tag));
}

function labelOf(admin: Json, op: TaggedOperation): string {
  if (typeof admin.label === 'string' && admin.label.trim() !== '') return admin.label.trim();
  const operationId = op.operation.operationId;
  return typeof operationId === 'string' && operationId !== ''
    ? readableName(operationId)
    : `${op.method} ${op.path}`;
}

/** One action, or the reason it gets no button. */
function actionOf(op: TaggedOperation, admin: Json, document: Json): SourceAction | string {
  const placement = admin.action === 'row' ? 'row' : 'toolbar';
  const fields: FieldDefinition[] = [];
  const places: Record<string, ActionFieldPlace> = {};
  for (const entry of Array.isArray(admin.fields) ? admin.fields : []) {
    if (!isJson(entry) || typeof entry.name !== 'string') continue;
    const place = PLACES.find((candidate) => candidate === entry.in);
    if (!place) continue;
    if (entry.control === 'UploadFile')
      return `its ${place} field ${entry.name} is a file — an action form does not send files yet`;
    const schema = schemaOf(op, entry.name, place, document);
    let definition: FieldDefinition;
    try {
      ({ definition } = fieldModel(entry.name, entry, schema, ''));
    } catch (error) {
      // generate refuses it (the module's problem), naming the operation and the field.
      const why = error instanceof Error ? error.message : 'not a field generate can read';
      throw new Error(`${op.method} ${op.path}: x-admin.fields ${entry.name}: ${why}`);
    }
    // A path placeholder without a value would name no address: it is always asked for.
    if (place === 'path') definition.cf_validate = 'require';
    fields.push(definition);
    places[entry.name] = place;
  }
  const kind = bodyKind(op.operation, document);
  if (kind === undefined)
    return 'its body is neither JSON nor a form — no button sends it (call it from its own client)';
  const unfilled = [...op.path.matchAll(/\{([^}]+)\}/g)]
    .map((match) => match[1] ?? '')
    .filter((name) => places[name] !== 'path');
  const action: SourceAction = {
    id:
      typeof op.operation.operationId === 'string'
        ? op.operation.operationId
        : `${op.method} ${op.path}`,
    label: labelOf(admin, op),
    placement,
    method: op.method,
    path: op.path,
    destructive: op.method === 'DELETE',
    fields,
    places,
  };
  // The row's key fills the item's placeholder, the last one no field asks for; any before it
  // (a parent's key) comes from the row's own fields.
  if (placement === 'row' && unfilled.length > 0) action.idParam = unfilled.at(-1);
  if (typeof admin.permission === 'string' && admin.permission !== '')
    action.permission = admin.permission;
  if (kind !== 'none' && kind !== 'json') action.bodyAs = kind;
  const contentType = declaredJsonType(op.operation, document);
  if (kind === 'json' && contentType) action.contentType = contentType;
  return action;
}

/**
 * @example moduleActions(conduit, operations, 'articles', moduleTags).actions[0]
 * // { id: 'CreateArticleFavorite', label: 'Favorite an article', placement: 'row', method: 'POST', path: '/articles/{slug}/favorite', idParam: 'slug', destructive: false, fields: [], places: {} }
 */
export function moduleActions(
  document: Json,
  operations: readonly TaggedOperation[],
  tag: string,
  moduleTags: ReadonlySet<string>,
): ModuleActions {
  const found: ModuleActions = { actions: [], skipped: [] };
  for (const op of operations) {
    const admin = isJson(op.operation['x-admin']) ? op.operation['x-admin'] : undefined;
    if (!admin || (admin.action !== 'row' && admin.action !== 'toolbar')) continue;
    if (ownerTag(op, moduleTags) !== tag) continue;
    const action = actionOf(op, admin, document);
    if (typeof action === 'string') found.skipped.push(`${op.method} ${op.path}: ${action}`);
    else found.actions.push(action);
  }
  return found;
}
