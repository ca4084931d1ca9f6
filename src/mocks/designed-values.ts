/**
 * The values of a record of a designer-built module. Its calls are the contract's generic routes
 * (/api/{module}/add, edit), whose body schema (ModuleRecord) is free-form: the module's fields
 * are rows of the field designer, so each value is checked here by its field's control, with the
 * rules the contract's formats name and the form applies to the same controls
 * (src/core/value-rules): a date picker's text is a real day within DATE_RANGE, a one-line input
 * holds no control character, a textarea or the editor none but tabs and line breaks.
 */
import { textOf } from '@/core/guards';
import {
  DATE_RANGE,
  TEXT_FORMATS,
  dateProblem,
  isCleanText,
  type TextLines,
} from '@/core/value-rules';
import { mockMessages } from '@/locale/mock';
import type { FieldProblem } from './contract-messages';
import { mockModule } from './engine-registry';
import { table } from './store';
import type { MockRow } from './types';
import { sameId, type Params } from './util';

const LINES_OF_CONTROL: Readonly<Record<string, TextLines>> = {
  input: TEXT_FORMATS.singleLine,
  password: TEXT_FORMATS.singleLine,
  textarea: TEXT_FORMATS.multiLine,
  editor: TEXT_FORMATS.multiLine,
};

/** The field designer's rows of a module (the runtime `common` module uses `Deal`'s). */
export function designedFieldRows(group: string): MockRow[] {
  const name = (mockModule(group)?.fieldsModule ?? group).toLowerCase();
  const designed = table('module').rows.find(
    (row) => typeof row.module_name === 'string' && row.module_name.toLowerCase() === name,
  );
  if (!designed) return [];
  return table('field').rows.filter(
    (row) => sameId(row.module_id, designed.id) && typeof row.cf_fieldname === 'string',
  );
}

/** Labels (cf_name) of a designed module's fields, for the messages that name a field. */
export function designedLabels(rows: readonly MockRow[]): Map<string, string> {
  return new Map(rows.map((row) => [textOf(row.cf_fieldname), textOf(row.cf_name)]));
}

/** What is wrong with one value of a designed field, as the message says it. */
function valueMessage(control: string, value: unknown, label: string): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const lines = LINES_OF_CONTROL[control];
  if (lines && !isCleanText(value, lines))
    return lines === TEXT_FORMATS.singleLine
      ? mockMessages.singleLineControl(label)
      : mockMessages.multiLineControl(label);
  if (control !== 'DatePicker' && control !== 'DateTimePicker') return undefined;
  const problem = dateProblem(value, control === 'DateTimePicker', DATE_RANGE);
  if (problem?.kind === 'notDate') return mockMessages.notDate(label);
  if (problem?.kind === 'tooEarly') return mockMessages.dateTooEarly(label, problem.limit);
  if (problem?.kind === 'tooLate') return mockMessages.dateTooLate(label, problem.limit);
  return undefined;
}

/** The first designed field of `record` whose value its control refuses, or undefined. */
export function designedValueProblem(
  rows: readonly MockRow[],
  record: Params,
): FieldProblem | undefined {
  for (const row of rows) {
    const field = textOf(row.cf_fieldname);
    if (!Object.hasOwn(record, field)) continue;
    const label = textOf(row.cf_name) || field;
    const message = valueMessage(textOf(row.cf_control), record[field], label);
    if (message) return { field, label, message };
  }
  return undefined;
}
