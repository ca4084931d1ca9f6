/**
 * 导出, 导入模板 and 导入 in the words of the list: a field with options (x-admin.options of the
 * module's record in the contract) is exported as its label — 性别 女, 状态 启用, several values
 * joined by 、 — and a date-time in seconds as its text; the template offers each option field's
 * labels as a drop-down; an import reads the labels (and the date-time text) back into the values
 * the contract asks for. Codes are still accepted on import, so an older sheet keeps working; a
 * value that is neither goes on to the contract's check and its message (「性别」取值不正确).
 */
import { formatTime } from '@/lib/format';
import { isRecord } from '@/core/guards';
import { deref, isObject, loadContract } from './contract-document';
import { buildWorkbook, type Columns } from './excel';
import type { MockModuleRegistration, MockRow } from './types';
import type { Params } from './util';

interface FieldOption {
  label: string;
  value: string | number;
}

interface FieldFormat {
  options: readonly FieldOption[];
  /** The field holds several values (an array schema). */
  multiple: boolean;
  /** Seconds since 1970 shown as a date-time (x-admin control DateTimePicker on an integer). */
  dateTime: boolean;
}

type FieldFormats = ReadonlyMap<string, FieldFormat>;

/** The text a date-time is exported as: the list's, with the seconds kept. */
const DATE_TIME_PATTERN = 'YYYY-MM-DD HH:mm:ss';
const DATE_TIME_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const JOINER = '、';
const SEPARATORS = /[、,，;；]/;
/** Rows of the template that get the drop-down of labels. */
const TEMPLATE_ROWS = 1000;
/** Excel refuses a list validation longer than this. */
const LIST_FORMULA_MAX = 255;

function optionsOf(admin: Record<string, unknown>): FieldOption[] {
  if (!Array.isArray(admin.options)) return [];
  return admin.options.flatMap((option) =>
    isRecord(option) &&
    typeof option.label === 'string' &&
    (typeof option.value === 'string' || typeof option.value === 'number')
      ? [{ label: option.label, value: option.value }]
      : [],
  );
}

async function readFormats(group: string): Promise<FieldFormats> {
  const { doc, concrete } = await loadContract();
  const tag = concrete.get(`/api/${group}/list`)?.[0]?.tag ?? group;
  const entity = doc.tags?.find((entry) => entry.name === tag)?.['x-admin']?.entity;
  const formats = new Map<string, FieldFormat>();
  if (!entity) return formats;
  const record = deref(doc, { $ref: `#/components/schemas/${entity}` });
  const properties = isObject(record.properties) ? record.properties : {};
  for (const [field, raw] of Object.entries(properties)) {
    const property = deref(doc, raw);
    const admin = isObject(property['x-admin']) ? property['x-admin'] : {};
    const format: FieldFormat = {
      options: optionsOf(admin),
      multiple: property.type === 'array',
      dateTime: admin.control === 'DateTimePicker' && property.type === 'integer',
    };
    if (format.options.length || format.dateTime) formats.set(field, format);
  }
  return formats;
}

const formatsByGroup = new Map<string, Promise<FieldFormats>>();

/** The option and date-time fields of a module's record (read once per module). */
function fieldFormats(registration: MockModuleRegistration): Promise<FieldFormats> {
  let formats = formatsByGroup.get(registration.group);
  if (!formats) {
    formats = readFormats(registration.group);
    formatsByGroup.set(registration.group, formats);
  }
  return formats;
}

function labelOf(format: FieldFormat, value: unknown): unknown {
  return format.options.find((option) => String(option.value) === String(value))?.label ?? value;
}

function exportedValue(format: FieldFormat, value: unknown): unknown {
  if (format.dateTime && typeof value === 'number' && value > 0)
    return formatTime(value, DATE_TIME_PATTERN);
  if (!format.options.length) return value;
  if (Array.isArray(value)) return value.map((item) => labelOf(format, item)).join(JOINER);
  return labelOf(format, value);
}

function exportedRow(formats: FieldFormats, row: MockRow): MockRow {
  const out: MockRow = { ...row };
  for (const [field, format] of formats)
    if (field in out) out[field] = exportedValue(format, out[field]);
  return out;
}

/** The drop-down of labels per option field with one value (Excel's list validation). */
function choicesOf(formats: FieldFormats, columns: Columns): Map<string, string> {
  const choices = new Map<string, string>();
  for (const [field] of columns) {
    const format = formats.get(field);
    if (!format?.options.length || format.multiple) continue;
    const list = `"${format.options.map((option) => option.label.replace(/[",]/g, '')).join(',')}"`;
    if (list.length <= LIST_FORMULA_MAX) choices.set(field, list);
  }
  return choices;
}

/** The export (rows) or the import template (no rows) of a module, in the list's words. */
export async function labelledWorkbook(
  registration: MockModuleRegistration,
  columns: Columns,
  rows: readonly MockRow[],
): Promise<Uint8Array> {
  const formats = await fieldFormats(registration);
  return buildWorkbook(
    registration.key,
    columns,
    rows.map((row) => exportedRow(formats, row)),
    rows.length ? new Map() : choicesOf(formats, columns),
    TEMPLATE_ROWS,
  );
}

function valueOfLabel(format: FieldFormat, text: string): string | number | undefined {
  return format.options.find((option) => option.label === text)?.value;
}

/** Seconds of a date-time text in the server's time zone (as the list shows it). */
function secondsOf(text: string): number | undefined {
  const parts = DATE_TIME_TEXT.exec(text);
  if (!parts) return undefined;
  const [year, month, day, hour, minute, second] = parts.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(year ?? 0, (month ?? 1) - 1, day, hour, minute, second);
  return Number.isNaN(date.getTime()) ? undefined : Math.floor(date.getTime() / 1000);
}

function importedValue(format: FieldFormat, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (format.dateTime) return secondsOf(value) ?? value;
  const single = valueOfLabel(format, value);
  if (single !== undefined) return format.multiple ? [single] : single;
  // Several labels in one cell (兴趣标签 阅读、旅行); a JSON array text is left to the contract.
  if (!format.multiple || value.startsWith('[')) return value;
  const items = value
    .split(SEPARATORS)
    .map((item) => item.trim())
    .filter(Boolean);
  const values = items.map((item) => valueOfLabel(format, item));
  return values.every((item) => item !== undefined) ? values : value;
}

/** A row of an import with its labels (and date-time texts) turned back into values. */
export async function importedFields(
  registration: MockModuleRegistration,
): Promise<(fields: Params) => Params> {
  const formats = await fieldFormats(registration);
  return (fields) => {
    const out: Params = { ...fields };
    for (const [field, format] of formats)
      if (field in out) out[field] = importedValue(format, out[field]);
    return out;
  };
}
