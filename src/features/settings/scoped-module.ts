/**
 * A generated module narrowed to the children of one parent (dictionary items of a parent
 * dictionary, configuration items of a group): its list call always carries the parent's id,
 * a new record starts under that parent, and the parent filter leaves the search bar. The
 * query keys stay the module's own scheme, so every change still refreshes every list of it.
 */
import type { ListQuery, ModuleDefinition, ModuleRecord } from '@/components/crud';

export function scopedModule<TRow extends ModuleRecord>(
  module: ModuleDefinition<TRow>,
  parentField: string,
  parentId: number | string,
  title: string,
): ModuleDefinition<TRow> {
  const list = module.api.list?.bind(module.api);
  const listKey = module.queryKeys.list?.bind(module.queryKeys);
  const scope = (query: ListQuery): ListQuery => ({ ...query, [parentField]: parentId });
  return {
    ...module,
    title,
    fields: module.fields.map((field) =>
      field.cf_fieldname === parentField ? { ...field, cf_default: parentId } : field,
    ),
    searchFields: module.searchFields.filter((field) => field.cf_fieldname !== parentField),
    columns: module.columns.filter((column) => column.field !== parentField),
    queryKeys: {
      ...module.queryKeys,
      // Without a query: the module's prefix, so mutations invalidate every page of it.
      list: listKey && ((query?: ListQuery) => listKey(query && scope(query))),
    },
    api: { ...module.api, list: list && ((query: ListQuery) => list(scope(query))) },
  };
}
