/**
 * The add/edit form follows the REQUEST body's schema, not the record's (`NewArticle`, not
 * `Article`): a record field the request does not send (`createdAt`, `favoritesCount`) is shown,
 * not edited; `required`, enums and types come from the request's declaration of the field.
 * The field model has one form for add and edit, so where their bodies differ the add body's
 * fields are the form's and the report names the difference.
 */
import type { Json } from '../json';
import { recordIn } from './list-items';
import type { Resource } from './resources';
import { componentName, flattenObject, type FlatObject } from './schemas';

export interface RequestForm {
  /** The request record's fields (the add body's, else the edit body's). */
  fields: FlatObject;
  /** How the report names it: NewArticle, or `POST /articles body`. */
  name: string;
  notes: string[];
}

function sent(operation: Resource['capabilities']['add'], document: Json) {
  const record = recordIn(operation?.body?.schema, document);
  if (!operation || !record) return undefined;
  const fields = flattenObject(record.schema, [], document);
  if (fields.properties.length === 0) return undefined;
  const name = componentName(record.schema) ?? `${operation.label} body`;
  return { fields, name, component: componentName(record.schema) };
}

/**
 * @example requestForm(articles, conduit)?.name // 'NewArticle'
 */
export function requestForm(
  resource: Resource,
  recordFields: readonly string[],
  document: Json,
): RequestForm | undefined {
  const add = sent(resource.capabilities.add, document);
  const edit = sent(resource.capabilities.edit, document);
  const request = add ?? edit;
  if (!request || request.component === resource.entity) return undefined;
  const notes: string[] = [];
  const names = request.fields.properties.map((p) => p.name);
  const extra = names.filter((name) => !recordFields.includes(name));
  if (extra.length > 0)
    notes.push(
      `resource ${resource.key}: ${request.name} sends ${extra.join(', ')}, which ${resource.entity} does not have — not in the form (the form edits ${resource.entity}'s fields)`,
    );
  if (add && edit && add.component !== edit.component) {
    const editNames = edit.fields.properties.map((p) => p.name);
    const onlyAdd = names.filter((name) => !editNames.includes(name));
    const onlyEdit = editNames.filter((name) => !names.includes(name));
    if (onlyAdd.length + onlyEdit.length > 0)
      notes.push(
        `resource ${resource.key}: add sends ${add.name}, edit ${edit.name}; one form for both follows ${add.name}${onlyAdd.length > 0 ? ` (only add: ${onlyAdd.join(', ')})` : ''}${onlyEdit.length > 0 ? ` (only edit: ${onlyEdit.join(', ')})` : ''}`,
      );
  }
  return { fields: request.fields, name: request.name, notes };
}
