/** List column: whether a property is a column, and how it is shown. */
import type { ColumnDefinition, ColumnFormat } from '../../src/core/module';
import type { FieldDefinition } from '../../src/core/field-definition';
import { isJson } from '../json';

const COLUMN_FORMATS: readonly ColumnFormat[] = [
  'text',
  'datetime',
  'status',
  'switch',
  'image',
  'number',
  'tag',
];

/**
 * @example columnFormat(true) // 'text'
 * @example columnFormat({ format: 'datetime' }) // 'datetime'
 */
export function columnFormat(column: unknown): ColumnFormat {
  const format = isJson(column) ? column.format : undefined;
  if (format === undefined) return 'text';
  if (typeof format !== 'string' || !(COLUMN_FORMATS as readonly string[]).includes(format)) {
    throw new Error(
      `column format ${JSON.stringify(format)} is not one of ${COLUMN_FORMATS.join(', ')}`,
    );
  }
  return format as ColumnFormat;
}

/**
 * The column of a field, or undefined when `column` is absent or false.
 *
 * @example columnDefinition('status', '状态', { format: 'switch', editable: true })
 * // { field: 'status', header: '状态', format: 'switch', editable: true }
 */
export function columnDefinition(
  field: string,
  header: string,
  column: unknown,
  options?: FieldDefinition['optionData'],
  optionSource?: ColumnDefinition['optionSource'],
): ColumnDefinition | undefined {
  if (column === undefined || column === false) return undefined;
  const result: ColumnDefinition = { field, header, format: columnFormat(column) };
  if (isJson(column) && column.editable === true) result.editable = true;
  if (isJson(column) && column.sortable === true) result.sortable = true;
  if (options && options.length > 0) result.options = options;
  else if (optionSource) result.optionSource = optionSource;
  return result;
}
