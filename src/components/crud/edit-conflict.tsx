/**
 * No silent overwrite: before an edit is saved, the record is read again (the contract's info
 * call, so any server that follows the contract will do) and compared, field by field of the
 * form, with the record as the form loaded it. When someone else has changed it meanwhile,
 * nothing is written until the user chooses: 查看对方的版本 (the form shows their record), 覆盖保存
 * (write the user's values over it) or 继续编辑 (back to the form as typed).
 */
import { useRef, useState, type ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import type { FieldDefinition } from '@/core/field-definition';
import { crudConflict } from '@/locale/crud-dialogs';
import { readRecord } from './crud-queries';
import { chosenText } from './crud-info';
import type { ModuleDefinition, ModuleRecord, RecordId } from './module-definition';

export interface ChangedField {
  field: FieldDefinition;
  loaded: unknown;
  current: unknown;
  mine: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The form's fields whose stored value changed between `loaded` and `current`.
 * @example changedFields(fields, { title: 'a' }, { title: 'b' }, { title: 'c' }) // [{ field: title… }]
 */
export function changedFields(
  fields: readonly FieldDefinition[],
  loaded: ModuleRecord,
  current: ModuleRecord,
  mine: Record<string, unknown>,
): ChangedField[] {
  return fields
    .filter((field) => !same(loaded[field.cf_fieldname], current[field.cf_fieldname]))
    .map((field) => ({
      field,
      loaded: loaded[field.cf_fieldname],
      current: current[field.cf_fieldname],
      mine: mine[field.cf_fieldname],
    }));
}

/** How a value reads in the question: option labels, rich text as its words, long text cut. */
function shown(field: FieldDefinition, value: unknown): string {
  if (value === null || value === undefined || value === '') return crudConflict.empty;
  let text = field.optionData?.length
    ? chosenText(field.optionData, value)
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);
  if (field.cf_control === 'editor') text = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

type Choice = 'overwrite' | 'keep' | 'theirs';

interface Pending {
  changed: ChangedField[];
  current: ModuleRecord;
  resolve: (choice: Choice) => void;
}

/**
 * `confirmSave(values)` resolves true when the values may be written (nobody changed the
 * record, or the user chose 覆盖保存); `onTheirs` is told the server's record when the user
 * asks to see it. Render `dialog` next to the form.
 */
export function useEditConflict(
  module: ModuleDefinition,
  id: RecordId | undefined,
  loaded: ModuleRecord | undefined,
  onTheirs: (current: ModuleRecord) => void,
): { confirmSave: (values: Record<string, unknown>) => Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  // After 覆盖保存 or 查看对方的版本 the server's record is the one the user has seen.
  const baseline = useRef(loaded);

  const confirmSave = async (values: Record<string, unknown>): Promise<boolean> => {
    const before = baseline.current;
    if (id === undefined || !before || !module.api.info) return true;
    // Read past the cache: the form's own record stays the one it loaded until the user chooses.
    const current = await readRecord(module, id);
    const changed = changedFields(module.fields, before, current, values);
    if (changed.length === 0) return true;
    const choice = await new Promise<Choice>((resolve) =>
      setPending({ changed, current, resolve }),
    );
    setPending(null);
    if (choice === 'keep') return false;
    baseline.current = current;
    if (choice === 'theirs') {
      onTheirs(current);
      return false;
    }
    return true;
  };

  const choose = (choice: Choice) => pending?.resolve(choice);
  const dialog = (
    <Dialog
      header={crudConflict.title}
      visible={pending !== null}
      onHide={() => choose('keep')}
      style={{ width: 'min(760px, 95vw)' }}
      modal
      footer={
        <div className="crud-conflict__actions">
          <Button type="button" label={crudConflict.keep} outlined onClick={() => choose('keep')} />
          <Button
            type="button"
            label={crudConflict.theirs}
            severity="secondary"
            onClick={() => choose('theirs')}
          />
          <Button
            type="button"
            label={crudConflict.overwrite}
            severity="danger"
            onClick={() => choose('overwrite')}
          />
        </div>
      }
    >
      <p>{crudConflict.message}</p>
      <table className="crud-conflict__table">
        <thead>
          <tr>
            <th scope="col">{crudConflict.field}</th>
            <th scope="col">{crudConflict.loaded}</th>
            <th scope="col">{crudConflict.current}</th>
            <th scope="col">{crudConflict.mine}</th>
          </tr>
        </thead>
        <tbody>
          {pending?.changed.map(({ field, loaded: was, current, mine }) => (
            <tr key={field.cf_fieldname}>
              <th scope="row">{field.cf_name}</th>
              <td>{shown(field, was)}</td>
              <td>{shown(field, current)}</td>
              <td>{shown(field, mine)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
  return { confirmSave, dialog };
}
