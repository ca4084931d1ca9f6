/**
 * Form rules of a field with their Chinese messages, in the form engine's own words
 * (src/locale/form.ts, src/locale/settings.ts): what the generated form says when it refuses.
 */
import type { ControlType } from '../../src/core/field-definition';
import type { YamlMap } from '../../src/core/yaml-text';
import { form } from '../../src/locale/form';
import { settings } from '../../src/locale/settings';
import type { Json } from '../json';
import { fieldFormat } from '../model/field-format';

const CHOICE_CONTROLS: readonly ControlType[] = ['select', 'selectAll', 'radio', 'checkbox'];
const PICK_CONTROLS: readonly ControlType[] = [
  'DatePicker',
  'DateTimePicker',
  'TimePicker',
  'Slider',
];

/** A required field's message: 请输入名称, 必选项！, 请选择日期 or 请上传文件, by control. */
export function requiredMessage(label: string, control: ControlType): string {
  if (CHOICE_CONTROLS.includes(control)) return form.requiredChoice;
  if (PICK_CONTROLS.includes(control)) return form.requiredPick(label);
  if (control.startsWith('Upload')) return form.requiredUpload(label);
  return form.required(label);
}

const num = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * @example fieldRules('名称', 'input', { type: 'string', maxLength: 20 }, true)
 * // [{ required: true, message: '请输入名称' }, { max: 20, message: '名称最多20个字符' }]
 */
export function fieldRules(
  label: string,
  control: ControlType,
  schema: Json,
  required: boolean,
): YamlMap[] {
  const rules: YamlMap[] = [];
  if (required) rules.push({ required: true, message: requiredMessage(label, control) });
  const minLength = num(schema.minLength);
  if (minLength !== undefined && minLength > (required ? 1 : 0))
    rules.push({ min: minLength, message: `${label}至少${minLength}个字符` });
  const maxLength = num(schema.maxLength);
  if (maxLength !== undefined)
    rules.push({ max: maxLength, message: form.maxLength(label, maxLength) });
  const minimum = num(schema.minimum);
  if (minimum !== undefined) rules.push({ min: minimum, message: form.minNumber(label, minimum) });
  const maximum = num(schema.maximum);
  if (maximum !== undefined) rules.push({ max: maximum, message: form.maxNumber(label, maximum) });
  const text =
    schema.type === 'string' || typeof schema.format === 'string' ? fieldFormat(schema) : undefined;
  if (text?.format)
    rules.push({ format: text.format, message: settings.format[text.format](label) });
  if (text?.pattern && !text.format)
    rules.push({ pattern: text.pattern, message: settings.format.pattern(label) });
  return rules;
}
