/**
 * Which of a CRUD screen's dialogs is open — none, the add form (under a parent for the tree's
 * 新增下级), the edit form, the record view or the recycle bin — shared by the list and the tree.
 * It also says what the form, the view and the bin are given, so both screens wire them the
 * same way.
 */
import { useState } from 'react';
import type { RecordId } from './module-definition';

export type CrudDialog =
  | { kind: 'none' }
  | { kind: 'add'; parent?: RecordId }
  | { kind: 'edit'; id: RecordId }
  | { kind: 'view'; id: RecordId }
  | { kind: 'recycle' };

export function useCrudDialog() {
  const [dialog, setDialog] = useState<CrudDialog>({ kind: 'none' });
  return {
    dialog,
    open: setDialog,
    close: () => setDialog({ kind: 'none' }),
    /** The add/edit form's mode, record and visibility. */
    form: {
      mode: dialog.kind === 'edit' ? ('edit' as const) : ('add' as const),
      id: dialog.kind === 'edit' ? dialog.id : undefined,
      visible: dialog.kind === 'add' || dialog.kind === 'edit',
    },
    /** The parent a new record is added under (新增下级), if any. */
    parent: dialog.kind === 'add' ? dialog.parent : undefined,
    /** The record shown by 查看, and whether it is. */
    view: {
      id: dialog.kind === 'view' ? dialog.id : undefined,
      visible: dialog.kind === 'view',
    },
    recycleVisible: dialog.kind === 'recycle',
  };
}

export type CrudDialogState = ReturnType<typeof useCrudDialog>;
