/**
 * A dynamic-form field definition, in the spec's `cf_*` shape (spec section 3).
 * Generated pages pass definitions made at generate time; runtime modules pass the ones
 * fetched from `/api/field/getfieldarrbymodule`. One shape, one form engine.
 */

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
}
