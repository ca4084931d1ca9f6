/**
 * A write the server refused with field errors (400/422 of an imported source): each message
 * goes under the field it names, in the form's wording with the server's own detail, so the
 * user sees which value to change without reading a toast. The toast (shown by the transport)
 * has listed every problem already, those of fields this form does not have included.
 */
import type { UseFormReturn } from 'react-hook-form';
import type { FieldDefinition } from '@/core/field-definition';
import { fieldProblemsOf } from '@/lib/rest-source/errors';
import { form as t } from '@/locale/form';
import type { FormValues } from './schema';

/**
 * The form field a problem's path names: its first segment that is a field of the form, so a
 * wrapper (`/article/title`) is looked through and a nested path (`/address/city`) lands on its
 * field; case aside when nothing matches exactly (ASP.NET answers `Name` for `name`).
 */
function fieldNamed(path: readonly string[], names: readonly string[]): string | undefined {
  const exact = path.find((segment) => names.includes(segment));
  if (exact !== undefined) return exact;
  for (const segment of path) {
    const found = names.find((name) => name.toLowerCase() === segment.toLowerCase());
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Puts the server's messages of `error` under the fields they name; returns those fields in
 * form order (none when the error names no field of this form).
 */
export function showServerFieldErrors(
  form: UseFormReturn<FormValues>,
  fields: readonly FieldDefinition[],
  error: unknown,
): string[] {
  const names = fields.map((field) => field.cf_fieldname);
  const messages = new Map<string, string[]>();
  for (const problem of fieldProblemsOf(error)) {
    const name = fieldNamed(problem.path, names);
    if (name !== undefined) messages.set(name, [...(messages.get(name) ?? []), problem.message]);
  }
  const placed = names.filter((name) => messages.has(name));
  for (const name of placed)
    form.setError(name, {
      type: 'server',
      message: t.serverRejected(messages.get(name)?.join('；') ?? ''),
    });
  return placed;
}
