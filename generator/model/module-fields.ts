/** A module's field lists, decided once for both its definition and its mock registration. */
import type { FieldModel, ModuleFields } from '../types';
import { filterDefinition } from './field-definition';

/**
 * @example moduleFields([{ name: 'title', form: true, required: true, primary: false, search: 'keyword', … }])
 * // { formFields: [title's cf_*], keywordFields: ['title'], requiredFields: [{ field: 'title', label: '标题' }], … }
 */
export function moduleFields(fields: readonly FieldModel[]): ModuleFields {
  const columns = fields.flatMap((f) => (f.column ? [f.column] : []));
  const filters = fields.filter((f) => f.search === 'filter');
  return {
    formFields: fields.filter((f) => f.form).map((f) => f.definition),
    columns,
    searchFields: filters.map((f) => filterDefinition(f.definition)),
    keywordFields: fields.filter((f) => f.search === 'keyword').map((f) => f.name),
    filterFields: filters.map((f) => f.name),
    requiredFields: fields
      .filter((f) => f.required && !f.primary)
      .map((f) => ({ field: f.name, label: f.definition.cf_name })),
    exportColumns: columns.map((c): [string, string] => [c.field, c.header]),
    writeOnlyFields: fields.filter((f) => f.writeOnly).map((f) => f.name),
  };
}
