/**
 * The add/edit forms follow the REQUEST bodies' schemas, not the record's (`NewArticle`,
 * `UpdateArticle`, not `Article`): a record field that neither body sends (`createdAt`,
 * `favoritesCount`) is shown, not edited; `required`, enums and types come from the request's
 * declaration of the field. `generate` builds the add and the edit form each from its own body
 * (generator/sources/request-form.ts); the import's part is the x-admin it reads there: the
 * record's fields, and the body fields the record lacks or declares otherwise (a password,
 * listmonk's `lists` of ids against the record's list of lists, DigitalOcean's `names` of a
 * `oneOf` variant), annotated where the body declares them.
 */
import { isJson, type Json } from '../json';
import { recordIn } from './list-items';
import type { Resource } from './resources';
import {
  componentName,
  flattenObject,
  refPath,
  resolveRef,
  schemaType,
  type FlatObject,
  type FlatProperty,
} from './schemas';
import type { SourceOperation } from './source-operations';

/** A body field the record lacks (or declares as another shape): annotated in the body. */
export interface OwnRequestField {
  property: FlatProperty;
  required: boolean;
  /** The body that declares it, for the report: NewSubscriber, or `POST /subscribers body`. */
  body: string;
}

export interface RequestForm {
  /**
   * Every field a body sends, as the add body (else the edit body, else a variant) declares
   * it; `required` is the add body's (else the edit body's): the record field's marks.
   */
  fields: FlatObject;
  /** Names any body sends: a record field outside them is shown, not edited. */
  sent: Set<string>;
  /** Body fields annotated where the body declares them. */
  own: OwnRequestField[];
  /** How the report names it: NewArticle, or `POST /articles body`. */
  name: string;
  notes: string[];
}

interface SentBody {
  name: string;
  component: string | undefined;
  /** The body's variants (one for a body that is no `oneOf`/`anyOf`), each flattened. */
  variants: FlatObject[];
}

/** Where a body's schema sits in the document, so x-admin can land on its inline properties. */
function bodyAt(operation: SourceOperation, document: Json): (string | number)[] {
  const paths = isJson(document.paths) ? document.paths : {};
  const item = paths[operation.path];
  const raw = isJson(item) ? item[operation.method] : undefined;
  const requestBody = isJson(raw) ? raw.requestBody : undefined;
  const base =
    isJson(requestBody) && typeof requestBody.$ref === 'string'
      ? refPath(requestBody.$ref)
      : [...operation.at, 'requestBody'];
  return [...base, 'content', operation.body?.mediaType ?? '', 'schema'];
}

function sent(operation: SourceOperation | undefined, document: Json): SentBody | undefined {
  const record = recordIn(operation?.body?.schema, document);
  if (!operation || !record) return undefined;
  // An inline record inside a wrapper has no place of its own to annotate: `at` stays relative.
  const at = record.path === undefined ? bodyAt(operation, document) : [];
  const resolved = resolveRef(record.schema, document);
  const union: unknown = resolved.oneOf ?? resolved.anyOf;
  const unionKey = resolved.oneOf === undefined ? 'anyOf' : 'oneOf';
  const variantAt =
    isJson(record.schema) && typeof record.schema.$ref === 'string'
      ? refPath(record.schema.$ref)
      : at;
  const variants =
    Array.isArray(union) && union.length > 1
      ? union.map((variant, index) =>
          flattenObject(variant, [...variantAt, unionKey, index], document),
        )
      : [flattenObject(record.schema, at, document)];
  if (variants.every((variant) => variant.properties.length === 0)) return undefined;
  const component = componentName(record.schema);
  return { name: component ?? `${operation.label} body`, component, variants };
}

/** A schema's shape as a form edits it: list of what, one of which values. */
function shapeOf(schema: unknown, document: Json): string {
  const resolved = resolveRef(schema, document);
  const type = schemaType(resolved) ?? '';
  const items = type === 'array' ? schemaType(resolveRef(resolved.items, document)) : '';
  return `${type}/${items ?? ''}/${Array.isArray(resolved.enum) ? 'enum' : ''}`;
}

/** Body properties the document places (not relative to an inline wrapper). */
const placed = (property: FlatProperty) =>
  property.at[0] === 'paths' || property.at[0] === 'components';

/**
 * @example requestForm(articles, conduit)?.name // 'NewArticle'
 */
export function requestForm(
  resource: Resource,
  record: FlatObject,
  document: Json,
  entities: ReadonlySet<string>,
): RequestForm | undefined {
  const add = sent(resource.capabilities.add, document);
  const edit = sent(resource.capabilities.edit, document);
  // A body that is the record itself tells nothing about what the server sets: only the
  // request's own schemas (NewList beside List) say which fields are sent.
  const bodies = [add, edit].filter(
    (body): body is SentBody => body !== undefined && body.component !== resource.entity,
  );
  const request = bodies[0];
  if (!request) return undefined;
  const fields: FlatObject = { properties: [], required: [] };
  for (const body of bodies)
    for (const variant of body.variants)
      for (const property of variant.properties)
        if (!fields.properties.some((known) => known.name === property.name))
          fields.properties.push(property);
  const first = request.variants;
  // Required where the add body (every variant of it) requires it.
  fields.required = (first[0]?.required ?? []).filter((name) =>
    first.every((variant) => variant.required.includes(name)),
  );
  const sentNames = new Set(fields.properties.map((property) => property.name));
  const own: OwnRequestField[] = [];
  const seen = new Set<string>();
  for (const body of bodies)
    for (const variant of body.variants)
      for (const property of variant.properties) {
        const declared = record.properties.find((p) => p.name === property.name);
        const recordSchema = declared ? resolveRef(declared.schema, document) : undefined;
        const differs =
          !declared ||
          recordSchema?.readOnly === true ||
          shapeOf(declared.schema, document) !== shapeOf(property.schema, document);
        const where = property.at.join('/');
        // A body that is another resource's record is annotated as that record.
        const component = property.at[0] === 'components' ? String(property.at[2]) : undefined;
        if (!differs || !placed(property) || seen.has(where)) continue;
        if (component !== undefined && entities.has(component)) continue;
        seen.add(where);
        own.push({ property, required: variant.required.includes(property.name), body: body.name });
      }
  const notes: string[] = [];
  if (own.length > 0)
    notes.push(
      `resource ${resource.key}: ${[...new Set(own.map((o) => o.property.name))].join(', ')} — sent by the request, not (so) in ${resource.entity}: in the form as the request declares them`,
    );
  if (add && edit && add.component !== edit.component) {
    const names = (body: SentBody) =>
      new Set(body.variants.flatMap((v) => v.properties.map((p) => p.name)));
    const addNames = names(add);
    const editNames = names(edit);
    const onlyAdd = [...addNames].filter((name) => !editNames.has(name));
    const onlyEdit = [...editNames].filter((name) => !addNames.has(name));
    notes.push(
      `resource ${resource.key}: add sends ${add.name}, edit ${edit.name} — two forms${onlyAdd.length > 0 ? ` (only add: ${onlyAdd.join(', ')})` : ''}${onlyEdit.length > 0 ? ` (only edit: ${onlyEdit.join(', ')})` : ''}`,
    );
  }
  for (const body of bodies)
    if (body.variants.length > 1)
      notes.push(
        `resource ${resource.key}: ${body.name} is one of ${body.variants.length} bodies — the form offers a choice of them`,
      );
  return { fields, sent: sentNames, own, name: request.name, notes };
}
