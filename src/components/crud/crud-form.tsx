import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hasPermissionKey } from '@/lib/permissions';
import { useDynamicForm } from '@/components/form/use-dynamic-form';
import { DynamicFormView } from '@/components/form/dynamic-form';
import type { FormValues } from '@/components/form/schema';
import { crud as t } from '@/locale/crud';
import { form as formText } from '@/locale/form';
import { createCrudMutations, crudKeys } from './crud-queries';
import { useFieldsStartEmpty, useRequestForm } from './form-variants';
import { useEditConflict } from './edit-conflict';
import { RecordLoader } from './crud-info';
import { permissionKeyOf, usePermissionRefresh } from './permission-keys';
import type { ModuleDefinition, ModuleRecord, RecordId } from './module-definition';

/** The add/edit form's props; generic so that a screen's `renderForm` keeps its module's row type. */
export interface CrudFormProps<Row extends ModuleRecord = ModuleRecord> {
  module: ModuleDefinition<Row>;
  mode: 'add' | 'edit';
  /** The record to edit (mode edit). */
  id?: RecordId;
  visible: boolean;
  onHide: () => void;
  /** Told what the server answered for a record added (seam: the lookup screen shows it). */
  onAdded?: (answer: unknown) => void;
}

function CrudFormBody({
  module,
  mode,
  id,
  record,
  onDone,
  onCancel,
  onDirtyChange,
  onAdded,
}: {
  module: ModuleDefinition;
  mode: 'add' | 'edit';
  id?: RecordId;
  record?: ModuleRecord;
  onDone: () => void;
  onAdded?: (answer: unknown) => void;
  onCancel: () => void;
  /** Told whether the user has changed anything since the form opened (react-hook-form isDirty). */
  onDirtyChange: (dirty: boolean) => void;
}) {
  usePermissionRefresh();
  const client = useQueryClient();
  const mutations = useMemo(() => createCrudMutations(module, client), [module, client]);
  const add = useMutation(mutations.add);
  const edit = useMutation(mutations.edit);
  // 查看对方的版本: the loader's record becomes the server's, and the form starts again from it.
  const showTheirs = useCallback(
    (current: ModuleRecord) => {
      if (id !== undefined) client.setQueryData(crudKeys(module).info(id), current);
    },
    [client, module, id],
  );
  const conflict = useEditConflict(module, id, record, showTheirs);
  // An imported source's form follows the add or edit call's body (and its chosen variant).
  const request = useRequestForm(module, mode, record);
  // A key the client names (an ISBN, a user name) is typed on add, and fixed from then on.
  const fields = useMemo(
    () =>
      mode === 'add'
        ? request.fields.map((field) =>
            field.keyEntry === 'add' ? { ...field, cf_ispri: 0 as const } : field,
          )
        : request.fields,
    [request.fields, mode],
  );

  const controller = useDynamicForm({
    fields,
    record,
    context: { mode, recordId: id },
    onSubmit: async (values: FormValues) => {
      // A failed call (e.g. status 201) rejects: the dialog stays open with what was typed.
      // Primary-key fields travel only on edit, with the id being edited.
      const body = request.sent(values);
      for (const field of fields) if (field.cf_ispri === 1) delete body[field.cf_fieldname];
      if (mode === 'edit') {
        // Nothing is written over someone else's change until the user has chosen.
        if (!(await conflict.confirmSave(body))) return;
        await edit.mutateAsync({ ...body, [module.primaryKey]: id });
      } else {
        const answer = await add.mutateAsync(body);
        onAdded?.(answer.data);
      }
      onDone();
    },
  });
  const { form } = controller;
  useFieldsStartEmpty(form, fields);
  // Told as the value changes, not after the next render: an edit handed over by the key press
  // that closes the form (Escape in the editor's source view) counts for that very close.
  useEffect(() => {
    onDirtyChange(form.formState.isDirty);
    const stop = form.subscribe({
      formState: { isDirty: true },
      callback: ({ isDirty }) => onDirtyChange(isDirty === true),
    });
    return () => {
      stop();
      onDirtyChange(false);
    };
  }, [form, onDirtyChange]);
  // Spec section 6: the generic form's submit is guarded by <MODULE>_ADD, in add and edit alike.
  const canSubmit = hasPermissionKey(permissionKeyOf(module, 'add'));

  return (
    <>
      {request.picker}
      <DynamicFormView controller={controller} disabled={controller.isSubmitting} />
      {conflict.dialog}
      <div className="crud-form__footer">
        <Button type="button" label={t.close} outlined onClick={onCancel} />
        {canSubmit && (
          <Button
            type="submit"
            form={controller.formId}
            label={t.submit}
            loading={controller.isSubmitting}
            disabled={controller.isSubmitting}
          />
        )}
      </div>
    </>
  );
}

/**
 * Closing a form with unsaved input asks first (the dialog and the full-page form alike):
 * `requestClose` closes at once when nothing was typed, else opens the `confirm` dialog.
 */
export function useDiscardGuard(onClose: () => void) {
  const dirty = useRef(false);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const [askDiscard, setAskDiscard] = useState(false);
  const requestClose = () => {
    if (dirty.current) setAskDiscard(true);
    else onClose();
  };
  const confirm = (
    <ConfirmDialog
      visible={askDiscard}
      header={formText.discardTitle}
      message={formText.discardConfirm}
      icon="pi pi-exclamation-triangle"
      acceptLabel={formText.discardAccept}
      rejectLabel={formText.discardReject}
      className="crud-form__discard"
      accept={() => {
        dirty.current = false;
        onClose();
      }}
      onHide={() => setAskDiscard(false)}
    />
  );
  return { onDirtyChange, requestClose, confirm };
}

/**
 * The close button takes the focus as the dialog opens, as it would anyway: PrimeReact gives it
 * to the first visible focusable element, which it finds by reading the computed style of every
 * focusable element in the dialog — 50-odd with the editor's toolbar, 35 ms (140 ms on a slow
 * phone-class CPU). Marked, the button is found by one query (PrimeReact's own attribute).
 */
const CLOSE_TAKES_FOCUS = { closeButton: { 'data-pc-autofocus': 'true' } };

/**
 * Add / edit dialog around DynamicForm; edit loads `info` first. Closing it (Escape, the close
 * icon, 关闭) with unsaved input asks first, so a stray key press loses nothing.
 */
export function CrudForm({ module, mode, id, visible, onHide, onAdded }: CrudFormProps) {
  const header = mode === 'edit' ? t.editTitle(module.title) : t.addTitle(module.title);
  const { onDirtyChange, requestClose, confirm } = useDiscardGuard(onHide);
  const body = { onDone: onHide, onCancel: requestClose, onDirtyChange, onAdded };
  // A rich-text field is 900 px wide when embedded in a form (spec section 9): the dialog makes
  // room for it instead of squeezing the editor's toolbar into three rows.
  const hasEditor = module.fields.some((field) => field.cf_control === 'editor');
  return (
    <>
      <Dialog
        header={header}
        visible={visible}
        onHide={requestClose}
        style={{ width: hasEditor ? 'min(960px, 95vw)' : 'min(720px, 95vw)' }}
        modal
        pt={CLOSE_TAKES_FOCUS}
      >
        {visible && <CrudFormContent module={module} mode={mode} id={id} {...body} />}
      </Dialog>
      {confirm}
    </>
  );
}

const recordKeys = new WeakMap<ModuleRecord, number>();
let lastRecordKey = 0;

/** One number per record object the loader hands out (a new object: a new form). */
function recordKey(record: ModuleRecord): number {
  let key = recordKeys.get(record);
  if (key === undefined) {
    lastRecordKey += 1;
    key = lastRecordKey;
    recordKeys.set(record, key);
  }
  return key;
}

/** The form of one mode: edit loads the record through `info` first. */
export function CrudFormContent({
  module,
  mode,
  id,
  ...body
}: {
  module: ModuleDefinition;
  mode: 'add' | 'edit';
  id?: RecordId;
  onDone: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
  onAdded?: (answer: unknown) => void;
}) {
  return mode === 'edit' && id !== undefined ? (
    <RecordLoader module={module} id={id}>
      {(record) => (
        <CrudFormBody
          // The server's record shown after an edit conflict starts a fresh form.
          key={recordKey(record)}
          module={module}
          mode="edit"
          id={id}
          record={record}
          {...body}
        />
      )}
    </RecordLoader>
  ) : (
    <CrudFormBody module={module} mode="add" {...body} />
  );
}
