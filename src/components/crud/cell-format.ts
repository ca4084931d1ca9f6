/** Display text of a record value per column format (pure; the view adds widgets). */
import { formatTime, orDash } from '@/lib/format';
import { common } from '@/locale/common';
import { crud as t } from '@/locale/crud';
import { form as tf } from '@/locale/form';
import { parseAttachmentValue } from '@/core/attachment';
import type { FieldDefinition, FieldOption } from '@/core/field-definition';
import type { ColumnDefinition, ColumnFormat } from './module-definition';
import { textOf } from '@/core/guards';

function labelOf(options: readonly FieldOption[] | undefined, value: unknown): string | undefined {
  if (!options) return undefined;
  for (const option of options) {
    if (String(option.value) === String(value)) return option.label;
    const below = labelOf(option.children, value);
    if (below !== undefined) return below;
  }
  return undefined;
}

/** Labels of one or several option values ("1,2" and arrays included). */
export function optionText(
  options: readonly FieldOption[] | undefined,
  value: unknown,
): string | undefined {
  if (!options || value === null || value === undefined || value === '') return undefined;
  const values = Array.isArray(value) ? value : textOf(value).split(',');
  const labels = values.map((item) => labelOf(options, item) ?? String(item));
  return labels.join('、');
}

/** Image addresses of a value (the spec's JSON text array, or a bare address); crops first. */
export function imageUrls(value: unknown): string[] {
  return parseAttachmentValue(value).map((item) => item.att_preview ?? item.att_url);
}

export function statusText(value: unknown): string {
  if (value === null || value === undefined || value === '') return common.dash;
  return Number(value) === 1 ? t.statusOn : t.statusOff;
}

/** A stored time (seconds, milliseconds or text) as formatTime reads it; anything else is none. */
const timeOf = (value: unknown) =>
  typeof value === 'number' || typeof value === 'string' ? value : undefined;

export function cellText(
  format: ColumnFormat,
  value: unknown,
  options?: readonly FieldOption[],
): string {
  const label = optionText(options, value);
  if (label !== undefined) return label;
  // An imported API's true/false, in words.
  if (typeof value === 'boolean') return value ? tf.booleanTrue : tf.booleanFalse;
  switch (format) {
    case 'datetime':
      return formatTime(timeOf(value));
    case 'status':
    case 'switch':
      return statusText(value);
    default:
      return orDash(value);
  }
}

/** Detail text of a form field's value (read-only dialog). */
export function fieldText(
  field: FieldDefinition,
  value: unknown,
  column?: ColumnDefinition,
): string {
  // An imported API's true/false (its Switch holds 1/2 only while the form is open).
  if (field.valueFormat === 'boolean') return value === true ? tf.booleanTrue : tf.booleanFalse;
  if (column) return cellText(column.format, value, column.options ?? field.optionData);
  if (field.cf_control === 'Switch') return Number(value) === 1 ? tf.switchOn : tf.switchOff;
  if (field.cf_control === 'DateTimePicker') return formatTime(timeOf(value));
  if (field.cf_control === 'password') return '******';
  const label = optionText(field.optionData, value);
  if (label !== undefined) return label;
  return Array.isArray(value) ? value.join('、') || common.dash : orDash(value);
}
