/**
 * The two x-admin keys that decide what kind of screen a tag gets: `tree` (a tree table instead
 * of a paged list) and `screen` (`hand-written`: a feature supplies the page, so none is
 * generated). See openapi/README.md, "Trees and hand-written screens".
 */
import type { TreeDefinition } from '../../src/core/module';
import { isJson, type Json } from '../json';
import type { ContractOperation } from '../parse/operations';
import { resolveRef } from './refs';

/** `x-admin.screen`: who writes the page. */
export const SCREEN_KINDS = ['generated', 'hand-written'] as const;

/**
 * @example screenIsHandWritten('hand-written', 'tag x') // true
 * @example screenIsHandWritten(undefined, 'tag x') // false (the page is generated)
 */
export function screenIsHandWritten(value: unknown, where: string): boolean {
  if (value === undefined || value === 'generated') return false;
  if (value === 'hand-written') return true;
  throw new Error(
    `${where}: x-admin.screen ${JSON.stringify(value)} is not one of ${SCREEN_KINDS.join(', ')}`,
  );
}

const TREE_KEYS = ['parentField', 'lazy', 'leaf'];

/** Names of an operation's query parameters (the contract declares them on the operation). */
function queryParameters(operation: Json | undefined, document: Json): string[] {
  const listed = Array.isArray(operation?.parameters) ? operation.parameters : [];
  return listed
    .map((parameter) => resolveRef(parameter, document))
    .filter((parameter) => parameter.in === 'query' && typeof parameter.name === 'string')
    .map((parameter) => String(parameter.name));
}

/**
 * The tree a tag declares, checked against its entity: the parent and leaf fields must be
 * properties of it, a leaf belongs to a lazy tree, and a lazy tree's list call must take the
 * parent field (children are asked for as `list {parentField: id}`). Undefined without `tree`.
 *
 * @example
 * treeDefinition({ parentField: 'pid', lazy: true, leaf: { field: 'level', value: 3 } }, district, listOp, doc, 'tag district')
 * // { parentField: 'pid', lazyChildren: true, leaf: { field: 'level', value: 3 } }
 */
export function treeDefinition(
  value: unknown,
  entity: { name: string; schema: Json },
  list: ContractOperation | undefined,
  document: Json,
  where: string,
): TreeDefinition | undefined {
  if (value === undefined) return undefined;
  const shape = `${where}: x-admin.tree must be { parentField: <field>, lazy?: true|false, leaf?: { field: <field>, value: <number or text> } }`;
  if (!isJson(value)) throw new Error(shape);
  const unknown = Object.keys(value).filter((key) => !TREE_KEYS.includes(key));
  if (unknown.length > 0) throw new Error(`${shape}; unknown key(s) ${unknown.join(', ')}`);
  const properties = Object.keys(isJson(entity.schema.properties) ? entity.schema.properties : {});
  const field = (name: unknown, at: string): string => {
    if (typeof name !== 'string' || name === '') throw new Error(shape);
    if (!properties.includes(name))
      throw new Error(
        `${where}: x-admin.${at} ${name} is not a property of ${entity.name} (${properties.join(', ')})`,
      );
    return name;
  };
  const parentField = field(value.parentField, 'tree.parentField');
  if (value.lazy !== undefined && typeof value.lazy !== 'boolean') throw new Error(shape);
  const tree: TreeDefinition = { parentField, lazyChildren: value.lazy === true };
  if (tree.lazyChildren && !queryParameters(list?.operation, document).includes(parentField))
    throw new Error(
      `${where}: x-admin.tree.lazy asks for children as list {${parentField}: id}, but the list call ` +
        `${list ? `(${list.method.toUpperCase()} ${list.path}) ` : ''}has no query parameter ${parentField}`,
    );
  if (value.leaf === undefined) return tree;
  const leaf = value.leaf;
  if (!tree.lazyChildren)
    throw new Error(
      `${where}: x-admin.tree.leaf only applies to a lazy tree (lazy: true); a whole tree knows its leaves`,
    );
  if (
    !isJson(leaf) ||
    Object.keys(leaf).some((key) => key !== 'field' && key !== 'value') ||
    (typeof leaf.value !== 'number' && typeof leaf.value !== 'string')
  )
    throw new Error(shape);
  return { ...tree, leaf: { field: field(leaf.field, 'tree.leaf.field'), value: leaf.value } };
}
