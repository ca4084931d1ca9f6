/**
 * The row commands the list and the tree share: 删除 behind a confirmation worded for the bin
 * or for good, the status switch, a field saved in place, and the pending-confirm plumbing a
 * screen's own row actions use too (`ask`). The list and the tree differ only in what runs
 * after a change (`onChanged`) and what may refuse a delete before asking (`refuseDelete`).
 */
import { useMemo, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/notify';
import { crud as t } from '@/locale/crud';
import { createCrudMutations } from './crud-queries';
import { canDo, type CrudAction } from './permission-keys';
import {
  recordIdOf,
  type ModuleDefinition,
  type ModuleRecord,
  type RecordId,
} from './module-definition';

/** A question the list asks before an action: what runs on yes, and on no. */
export interface PendingConfirm {
  message: string;
  accept: () => Promise<unknown>;
  /** Called when the user says no (e.g. 已取消删除). */
  cancel?: () => void;
}

/**
 * A confirmation waiting on the user. The dialog's accept and its hide both fire, so `take`
 * hands the pending item to whichever comes first and nothing to the other.
 */
export function usePendingConfirm<T>() {
  const [pending, setPending] = useState<T | null>(null);
  const ref = useRef<T | null>(null);
  return {
    pending,
    ask: (next: T) => {
      ref.current = next;
      setPending(next);
    },
    take: (): T | null => {
      const current = ref.current;
      ref.current = null;
      setPending(null);
      return current;
    },
  };
}

export interface RowCommandOptions<Row> {
  /** Called after every successful change (refresh look-ups that read the same records). */
  onChanged?: () => void;
  /** A message shown instead of asking, when this row may not be deleted (e.g. it has children). */
  refuseDelete?: (row: Row) => string | undefined;
}

export function useRowCommands<Row extends ModuleRecord>(
  module: ModuleDefinition<Row>,
  options: RowCommandOptions<Row> = {},
) {
  const { onChanged, refuseDelete } = options;
  const client = useQueryClient();
  const mutations = useMemo(() => createCrudMutations(module, client), [module, client]);
  const remove = useMutation(mutations.remove);
  const disable = useMutation(mutations.disable);
  const updatefield = useMutation(mutations.updatefield);
  const confirm = usePendingConfirm<PendingConfirm>();
  const changed = { onSuccess: () => onChanged?.() };
  const idOf = (row: Row): RecordId => recordIdOf(row, module.primaryKey);

  return {
    can: (action: CrudAction) => canDo(module, action),
    idOf,
    /** Asks before running an action (row actions of a screen use it too). */
    ask: (next: PendingConfirm) => confirm.ask(next),
    askDelete: (row: Row) => {
      // Refused before asking: the server refuses too, with the same message.
      const refusal = refuseDelete?.(row);
      if (refusal) {
        notify.warn(refusal);
        return;
      }
      confirm.ask({
        message: module.capabilities.includes('recycle') ? t.confirmDeleteToBin : t.confirmDestroy,
        accept: () => remove.mutateAsync(idOf(row), changed),
        cancel: () => notify.info(t.deleteCancelled),
      });
    },
    pending: confirm.pending,
    acceptConfirm: async () => {
      const current = confirm.take();
      if (!current) return;
      try {
        await current.accept();
      } catch {
        // The request client has shown the server's message.
      }
    },
    dismissConfirm: () => confirm.take()?.cancel?.(),
    toggleStatus: (row: Row, on: boolean) =>
      disable.mutateAsync({ id: idOf(row), status: on ? 1 : 2 }, changed).catch(() => undefined),
    updateField: (row: Row, field: string, value: unknown) =>
      updatefield.mutateAsync({ id: idOf(row), field, value }, changed).catch(() => undefined),
    isMutating: remove.isPending || disable.isPending || updatefield.isPending,
  };
}

export type RowCommands<Row extends ModuleRecord = ModuleRecord> = ReturnType<
  typeof useRowCommands<Row>
>;
