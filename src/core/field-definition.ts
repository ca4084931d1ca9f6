/**
 * A dynamic-form field definition, in the spec's `cf_*` shape (spec section 3).
 * Generated pages pass definitions made at generate time; runtime modules pass the ones
 * fetched from `/api/field/getfieldarrbymodule`. One shape, one form engine.
 */
import type { RestListCall } from './rest-source';

/** The spec's control list, verbatim. */
export const CONTROL_TYPES = [
  'input',
  'textarea',
  'InputNumber',
  'DatePicker',
  'DateTimePicker',
  'TimePicker',
  'password',
  'radio',
  'select',
  'selectAll',
  'checkbox',
  'Switch',
  'Slider',
  'UploadImg',
  'UploadFile',
  'UploadImgArr',
  'UploadFileArr',
  'editor',
  'Department',
  'DepartmentAuth',
  'SelectTree',
  'city',
  'UploadAttachment',
  'UploadAttachmentArr',
  'UploadAttachmentFile',
  'UploadAttachmentFileArr',
] as const;

export type ControlType = (typeof CONTROL_TYPES)[number];

export type OptionSourceType = 'STATIC' | 'DICTIONARY' | 'API';

export interface FieldOption {
  label: string;
  value: string | number;
  children?: FieldOption[];
  disabled?: boolean;
}

export interface FieldDefinition {
  /** Label shown to the user, e.g. 公告标题. */
  cf_name: string;
  /** Record field the value is stored under. */
  cf_fieldname: string;
  cf_control: ControlType;
  cf_placeholder?: string;
  /**
   * What the field means, beyond its label (an imported document's description): shown small
   * under the input and read out with it (aria-describedby).
   */
  help?: string;
  /** Maximum text length; defaults per control (text 50, textarea 200, password 20). */
  cf_length?: number;
  cf_default?: string | number | boolean | null;
  /** 'require' makes the field required. */
  cf_validate?: string;
  /** 1 marks the primary key (hidden in forms, sent on edit). */
  cf_ispri?: 0 | 1;
  cf_sourcetype?: OptionSourceType;
  /** Dictionary code when cf_sourcetype is DICTIONARY. */
  cf_dictionary?: string;
  /** Method name when cf_sourcetype is API: options come from GET /api/{method}/getkeyval. */
  cf_method?: string;
  /** Static options (cf_sourcetype STATIC). */
  optionData?: FieldOption[];
  /** Control parameters (min, max, step, precision, checkStrictly, multiple…). */
  parameData?: Record<string, unknown>;
  /**
   * The stored value differs from what the control holds: `lines` (a list of texts, one per line
   * in a textarea), `json` (a list or object as JSON text), `boolean` (true/false behind a
   * Switch, whose own values are 1/2) or `datetime` (an RFC 3339 time behind the picker, which
   * holds local `YYYY-MM-DD HH:mm:ss`), `seconds` (a Unix time in seconds behind a date picker,
   * the spec backend's timestamps) or `reference` (another resource's record, chosen in a
   * select of its `optionsFrom` list by key). Absent: the value is what the control holds.
   */
  valueFormat?: ValueFormat;
  /**
   * Options from another resource of an imported source (a book's author from the authors
   * list): its list call, and the fields giving each option's value and label.
   */
  optionsFrom?: OptionsFrom;
  /**
   * A primary key the client names (an ISBN, a user name) rather than the server: typed in the
   * add form with its rules, never changed afterwards.
   */
  keyEntry?: 'add';
}

/** See FieldDefinition.optionsFrom. */
export interface OptionsFrom {
  /** The imported source's name. */
  source: string;
  list: RestListCall;
  /**
   * When set, the options are the distinct values of this field of the listed records (the
   * categories the pets have: Petstore lists no categories), not the records themselves.
   */
  field?: string;
  value: string;
  label: string;
}

export type ValueFormat = 'lines' | 'json' | 'boolean' | 'datetime' | 'seconds' | 'reference';

/** Upload and attachment-library controls: their value is the JSON text of the files. */
export const UPLOAD_CONTROLS: readonly ControlType[] = [
  'UploadImg',
  'UploadFile',
  'UploadImgArr',
  'UploadFileArr',
  'UploadAttachment',
  'UploadAttachmentArr',
  'UploadAttachmentFile',
  'UploadAttachmentFileArr',
];

/** Controls whose widget is not built yet (none now: the editor has its control). */
export const DEFERRED_CONTROLS: readonly ControlType[] = [];

/** Free-text controls: trimmed, emoji stripped, length-limited. */
export const TEXT_CONTROLS: readonly ControlType[] = ['input', 'textarea', 'password'];

/**
 * Controls whose required hint is the spec's 必选项！: its checkbox, radio and select, and the
 * selects over a tree (tree select, departments, city).
 */
export const CHOICE_CONTROLS: readonly ControlType[] = [
  'radio',
  'select',
  'selectAll',
  'checkbox',
  'SelectTree',
  'Department',
  'DepartmentAuth',
  'city',
];

/** Controls holding a list of values. */
export const MULTI_VALUE_CONTROLS: readonly ControlType[] = ['selectAll', 'checkbox', 'city'];

/** Default maximum lengths (spec section 9: text 50, textarea 200, password 20). */
export const DEFAULT_MAX_LENGTH: Partial<Record<ControlType, number>> = {
  input: 50,
  textarea: 200,
  password: 20,
};

/** Switch values (spec section 3): 1 on, 2 off. */
export const SWITCH_ON = 1;
export const SWITCH_OFF = 2;

/** Number-input defaults (spec section 5); parameData overrides them. */
export const NUMBER_DEFAULTS = { min: 1, max: 99999, precision: 2, step: 1 } as const;

/** Time-picker step in minutes (spec section 5). */
export const TIME_STEP_MINUTES = 15;

export function isRequired(field: FieldDefinition): boolean {
  return field.cf_validate === 'require';
}

/** Reads a numeric control parameter (parameData values may arrive as strings). */
export function numberParam(field: FieldDefinition, name: string): number | undefined {
  const raw = field.parameData?.[name];
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

/** Reads a boolean control parameter ('1', 1, true, 'true' are on). */
export function booleanParam(field: FieldDefinition, name: string): boolean {
  const raw = field.parameData?.[name];
  return raw === true || raw === 1 || raw === '1' || raw === 'true';
}
