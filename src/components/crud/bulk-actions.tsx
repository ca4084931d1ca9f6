/**
 * The selected rows' bulk actions: 批量删除 (to the bin when the module has one), 批量启用 and
 * 批量禁用, each shown only to a user who may do it to one row (the same capability, route action
 * and permission key) and asking once for all the rows. The contract has no bulk calls, so the
 * rows go one call after another; the lists refresh once at the end, with one message. Loaded
 * when rows are first selected, not with the list.
 */
import { Button } from 'primereact/button';
import { useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/notify';
import { crudBulk as t } from '@/locale/crud-bulk';
import { crudKeys } from './crud-queries';
import type { CrudAction } from './permission-keys';
import type { PendingConfirm } from './use-row-commands';
import type { ModuleDefinition, RecordId } from './module-definition';

export interface BulkActionsProps {
  module: ModuleDefinition;
  /** The selected rows' ids (of the page shown). */
  ids: readonly RecordId[];
  /** The list's guard for one row's action (capability, route action, permission key). */
  can: (action: CrudAction) => boolean;
  /** The list's confirmation. */
  ask: (question: PendingConfirm) => void;
  /** Empties the selection (after an action, or 取消选择). */
  onClear: () => void;
}

export function BulkActions({ module, ids, can, ask, onClear }: BulkActionsProps) {
  const client = useQueryClient();
  const count = ids.length;
  const keys = crudKeys(module);

  /** Asks once, then makes `call` for each row in turn; stops at the first refusal. */
  const askForAll = (message: string, call: (id: RecordId) => Promise<unknown>, done: string) =>
    ask({
      message,
      accept: async () => {
        let finished = 0;
        try {
          for (const id of ids) {
            await call(id);
            finished += 1;
          }
          notify.success(done);
        } catch (error) {
          // The request client has shown the server's message; say how far it got.
          if (finished > 0) notify.warn(t.partlyDone(finished, count));
          throw error;
        } finally {
          onClear();
          await Promise.all(
            [...keys.lists(), keys.recycles()].map((queryKey) =>
              client.invalidateQueries({ queryKey }),
            ),
          );
        }
      },
    });

  const { api } = module;
  const toBin = module.capabilities.includes('recycle');
  return (
    <span className="crud-bulk" role="group" aria-label={t.group}>
      <span className="crud-bulk__count">{t.selected(count)}</span>
      {can('delete') && (
        <Button
          type="button"
          icon="pi pi-trash"
          label={t.delete}
          severity="danger"
          outlined
          onClick={() =>
            askForAll(
              toBin ? t.confirmDeleteToBin(count) : t.confirmDestroy(count),
              (id) => Promise.resolve(api.delete?.(id)),
              t.deleted(count),
            )
          }
        />
      )}
      {can('disable') && (
        <>
          <Button
            type="button"
            icon="pi pi-check-circle"
            label={t.enable}
            outlined
            onClick={() =>
              askForAll(
                t.confirmEnable(count),
                (id) => Promise.resolve(api.disable?.(id, 1)),
                t.enabled(count),
              )
            }
          />
          <Button
            type="button"
            icon="pi pi-ban"
            label={t.disable}
            outlined
            onClick={() =>
              askForAll(
                t.confirmDisable(count),
                (id) => Promise.resolve(api.disable?.(id, 2)),
                t.disabled(count),
              )
            }
          />
        </>
      )}
      <Button type="button" label={t.clear} text onClick={onClear} />
    </span>
  );
}
