/**
 * Pure rules of the dynamic form (spec section 5): the yup schema built from field
 * definitions, the text clean-up (trim + emoji strip) and the default values.
 */
import * as yup from 'yup';
import { isBlankHtml } from '@/components/editor/empty';
import { form as t } from '@/locale/form';
import {
  CHOICE_CONTROLS,
  DEFAULT_MAX_LENGTH,
  DEFERRED_CONTROLS,
  MULTI_VALUE_CONTROLS,
  NUMBER_DEFAULTS,
  SWITCH_OFF,
  SWITCH_ON,
  TEXT_CONTROLS,
  UPLOAD_CONTROLS,
  isRequired,
  numberParam,
  type FieldDefinition,
} from '@/core/field-definition';
import { textOf } from '@/core/guards';
import { passwordRuleBroken } from '@/core/password';
import { structuredSchema, structuredText } from './structured-value';
import {
  dateMessage,
  finiteMessage,
  formatRuleOf,
  messageTest,
  textLinesMessage,
} from './value-tests';
import { shell } from '@/locale/shell';

export type FormValues = Record<string, unknown>;

/**
 * Emoji with every part of their sequences, so nothing is left behind: keycaps (1️⃣ is a
 * plain digit + U+FE0F + U+20E3), flags (two regional indicators), ZWJ sequences (👨‍👩‍👧),
 * skin tones, tag sequences (🏴 + tag letters), variation selectors. Digits, '#', '*', CJK
 * text, punctuation and text-style symbols (©, ™, ↔) are kept. The u flag (not v with
 * \p{RGI_Emoji}) keeps it working in the browsers that lack v (Safari 16).
 */
const EMOJI = new RegExp(
  [
    // A keycap takes its base with it.
    /[#*0-9]\uFE0F?\u20E3/u,
    // A pictograph shown as emoji, or starting a skin-tone, ZWJ or tag sequence.
    /\p{Extended_Pictographic}(?:\uFE0F|(?=[\p{Emoji_Modifier}\u200D\u{E0020}-\u{E007F}]))/u,
    // A pictograph joined into a ZWJ sequence (the ♂ of 🧔‍♂), with or without U+FE0F.
    /\u200D\p{Extended_Pictographic}\uFE0F?/u,
    /\p{Emoji_Presentation}/u,
    // Pictographs of the emoji planes, also ones newer than this engine's Unicode tables
    // (reserved code points there are Extended_Pictographic already).
    /(?=\p{Extended_Pictographic})[\u{1F000}-\u{1FFFF}]/u,
    // What is left of a sequence: skin tones, regional indicators, tags, joiners, the emoji
    // and text variation selectors, keycap marks.
    /\p{Emoji_Modifier}|\p{Regional_Indicator}|[\u{E0020}-\u{E007F}]|\u200D|\uFE0E|\uFE0F|\u20E3/u,
  ]
    .map((part) => part.source)
    .join('|'),
  'gu',
);

/** Removes emoji; keeps every other character, spaces included (used while typing). */
export function stripEmoji(text: string): string {
  return text.replace(EMOJI, '');
}

/** The spec's text clean-up: emoji removed, surrounding blanks trimmed. */
export function sanitizeText(text: string): string {
  return stripEmoji(text).trim();
}

export function maxLengthOf(field: FieldDefinition): number | undefined {
  if (!TEXT_CONTROLS.includes(field.cf_control)) return undefined;
  const own = Number(field.cf_length);
  if (Number.isFinite(own) && own > 0) return own;
  return DEFAULT_MAX_LENGTH[field.cf_control];
}

export interface NumberRules {
  min: number;
  max: number;
  precision: number;
  step: number;
}

/** Number-input rules: min 1, max 99999, precision 2, step 1 unless parameData says otherwise. */
export function numberRulesOf(field: FieldDefinition): NumberRules {
  return {
    min: numberParam(field, 'min') ?? NUMBER_DEFAULTS.min,
    max: numberParam(field, 'max') ?? NUMBER_DEFAULTS.max,
    precision: numberParam(field, 'precision') ?? NUMBER_DEFAULTS.precision,
    step: numberParam(field, 'step') ?? NUMBER_DEFAULTS.step,
  };
}

/** Slider rules: 0–100 step 1 unless parameData says otherwise. */
export function sliderRulesOf(field: FieldDefinition): Omit<NumberRules, 'precision'> {
  return {
    min: numberParam(field, 'min') ?? 0,
    max: numberParam(field, 'max') ?? 100,
    step: numberParam(field, 'step') ?? 1,
  };
}

function decimalsOf(n: number): number {
  const text = String(n);
  if (text.includes('e-')) return Number(text.split('e-')[1]);
  return text.split('.')[1]?.length ?? 0;
}

const emptyToUndefined = (value: unknown, original: unknown) =>
  original === '' || original === null || original === undefined || Number.isNaN(value)
    ? undefined
    : value;

function isBlank(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function textSchema(field: FieldDefinition): yup.AnySchema {
  const name = field.cf_name;
  let schema = yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? sanitizeText(value) : value))
    .default('');
  const max = maxLengthOf(field);
  if (max) schema = schema.max(max, t.maxLength(name, max));
  schema = schema.test(messageTest('lines', field, textLinesMessage));
  const format = formatRuleOf(field);
  if (format) schema = schema.test('format', format.message, format.test);
  // A password control follows the password rules of spec section 5 whenever something is
  // typed (empty on edit keeps the current password, as the contract says).
  if (field.cf_control === 'password')
    schema = schema.test(
      'password',
      ({ value }: { value: unknown }) => passwordMessage(value),
      (value) =>
        typeof value !== 'string' || value === '' ? true : passwordRuleBroken(value) === undefined,
    );
  return isRequired(field) ? schema.required(t.required(name)) : schema;
}

function passwordMessage(value: unknown): string {
  const broken = typeof value === 'string' ? passwordRuleBroken(value) : undefined;
  return broken === 'pattern' ? shell.password.pattern : shell.password.length;
}

function numberSchema(field: FieldDefinition): yup.AnySchema {
  const name = field.cf_name;
  const rules = numberRulesOf(field);
  const schema = yup
    .number()
    .typeError(t.notNumber(name))
    .transform(emptyToUndefined)
    .test(messageTest('finite', field, finiteMessage))
    .min(rules.min, t.minNumber(name, rules.min))
    .max(rules.max, t.maxNumber(name, rules.max))
    .test('precision', t.precision(name, rules.precision), (value) =>
      value === undefined || value === null ? true : decimalsOf(value) <= rules.precision,
    );
  return isRequired(field) ? schema.required(t.required(name)) : schema.nullable().optional();
}

function sliderSchema(field: FieldDefinition): yup.AnySchema {
  const name = field.cf_name;
  const rules = sliderRulesOf(field);
  const schema = yup
    .number()
    .typeError(t.notNumber(name))
    .transform(emptyToUndefined)
    .test(messageTest('finite', field, finiteMessage))
    .min(rules.min, t.minNumber(name, rules.min))
    .max(rules.max, t.maxNumber(name, rules.max));
  return isRequired(field) ? schema.required(t.requiredPick(name)) : schema.nullable().optional();
}

function pickSchema(field: FieldDefinition, message: string): yup.AnySchema {
  // nullable: an empty pick is null; the test below (not yup's type check) reports it.
  const schema = yup.mixed().nullable();
  return isRequired(field)
    ? schema.test('required', message, (value) => !isBlank(value))
    : schema.nullable().optional();
}

/**
 * The editor's value is HTML: an editor left empty still holds markup (`<p><br></p>`), so the
 * required rule tests for text or media, and says 请输入{name} like any text field.
 */
function editorSchema(field: FieldDefinition): yup.AnySchema {
  const name = field.cf_name;
  let schema = yup
    .string()
    .default('')
    .test(messageTest('lines', field, textLinesMessage));
  const max = Number(field.cf_length);
  if (Number.isFinite(max) && max > 0) schema = schema.max(max, t.maxLength(name, max));
  return isRequired(field)
    ? schema.test('required', t.required(name), (value) => !isBlankHtml(value))
    : schema;
}

/** The schema of one field. */
export function fieldSchema(field: FieldDefinition): yup.AnySchema {
  const control = field.cf_control;
  if (field.valueFormat) return structuredSchema(field, field.valueFormat);
  if (DEFERRED_CONTROLS.includes(control)) return yup.mixed().nullable().optional();
  if (control === 'editor') return editorSchema(field);
  if (UPLOAD_CONTROLS.includes(control)) return pickSchema(field, t.requiredUpload(field.cf_name));
  if (TEXT_CONTROLS.includes(control)) return textSchema(field);
  if (control === 'InputNumber') return numberSchema(field);
  if (control === 'Slider') return sliderSchema(field);
  if (control === 'Switch') return yup.number().oneOf([SWITCH_ON, SWITCH_OFF]).default(SWITCH_OFF);
  if (CHOICE_CONTROLS.includes(control)) return pickSchema(field, t.requiredChoice);
  const picked = pickSchema(field, t.requiredPick(field.cf_name));
  // A day typed into the picker or kept in a record (2025-02-30) is checked as the mock does.
  if (control === 'DatePicker' || control === 'DateTimePicker')
    return picked.test(messageTest('date', field, dateMessage));
  return picked;
}

/**
 * The yup schema of a whole form. Primary-key fields (cf_ispri 1) are carried but not validated.
 * @example buildFormSchema([{ cf_name: '标题', cf_fieldname: 'title', cf_control: 'input', cf_validate: 'require' }])
 */
export function buildFormSchema(fields: readonly FieldDefinition[]): yup.ObjectSchema<FormValues> {
  const shape: Record<string, yup.AnySchema> = {};
  for (const field of fields) {
    shape[field.cf_fieldname] =
      field.cf_ispri === 1 ? yup.mixed().nullable().optional() : fieldSchema(field);
  }
  // yup infers an object type from a literal shape; this shape is built from run-time field
  // definitions, so its value type is the open FormValues record, which yup cannot infer.
  return yup.object(shape) as unknown as yup.ObjectSchema<FormValues>;
}

function defaultOf(field: FieldDefinition, own?: unknown): unknown {
  if (field.valueFormat) return structuredText(own ?? field.cf_default, field.valueFormat, field);
  const given = own === undefined ? field.cf_default : own;
  const control = field.cf_control;
  if (control === 'Switch') {
    const n = Number(given);
    return n === SWITCH_ON || n === SWITCH_OFF ? n : SWITCH_OFF;
  }
  if (MULTI_VALUE_CONTROLS.includes(control)) {
    if (Array.isArray(given)) return given;
    if (given === undefined || given === null || given === '') return [];
    return textOf(given).split(',');
  }
  if (control === 'InputNumber' || control === 'Slider') {
    if (given === undefined || given === null || given === '')
      return control === 'Slider' ? sliderRulesOf(field).min : null;
    return Number(given);
  }
  if (TEXT_CONTROLS.includes(control))
    return given === undefined || given === null ? '' : textOf(given);
  return given ?? null;
}

/**
 * Initial values: each field's cf_default (typed per control), overridden by a record's
 * values when editing. Multi-value controls accept comma-separated text from the server.
 */
export function defaultValuesOf(
  fields: readonly FieldDefinition[],
  record?: Record<string, unknown>,
): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const own = record?.[field.cf_fieldname];
    values[field.cf_fieldname] = defaultOf(field, own);
  }
  return values;
}
