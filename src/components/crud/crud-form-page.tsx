import type { ModuleDefinition, RecordId } from './module-definition';
import { CrudFormContent, useDiscardGuard } from './crud-form';
import './crud.css';

export interface CrudFormPageProps {
  module: ModuleDefinition;
  mode: 'add' | 'edit';
  /** The record to edit (mode edit). */
  id?: RecordId;
  /** After a successful save (the lists are refreshed by then): usually back to the list. */
  onDone: () => void;
  /** 关闭 (after the discard question when something was typed). */
  onCancel: () => void;
}

/**
 * The add / edit form as a full page, for screens that open their forms as routes (sub-screens
 * such as /business/user/add) instead of dialogs: the same form, rules, submit guard
 * (<MODULE>_ADD) and discard question as CrudForm.
 * @example <CrudFormPage module={memberModule} mode="edit" id={7} onDone={back} onCancel={back} />
 */
export function CrudFormPage({ module, mode, id, onDone, onCancel }: CrudFormPageProps) {
  const { onDirtyChange, requestClose, confirm } = useDiscardGuard(onCancel);
  return (
    <section className="crud-form-page" aria-label={module.title}>
      <CrudFormContent
        // A new record or another id starts a fresh form.
        key={`${mode}-${String(id ?? '')}`}
        module={module}
        mode={mode}
        id={id}
        onDone={onDone}
        onCancel={requestClose}
        onDirtyChange={onDirtyChange}
      />
      {confirm}
    </section>
  );
}
