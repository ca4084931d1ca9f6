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

/** A screen's bulk action for the rows selected now: one call per row it applies to. */
export interface SelectedRowsAction {
  id: string;
  label: string;
  danger?: boolean;
  confirm: (count: number) => string;
  done: (count: number) => string;
  calls: readonly (() => Promise<unknown>)[];
  refresh?: () => Promise<unknown>;
}

export interface BulkActionsProps {
  module: ModuleDefinition;
  /** The selected rows' ids (of the page shown). */
  ids: readonly RecordId[];
  /** The screen's own bulk actions (e.g. 批量通过), already guarded. */
  extra?: readonly SelectedRowsAction[];
  /** The list's guard for one row's action (capability, route action, permission key). */
  can: (action: CrudAction) => boolean;
  /** The list's confirmation. */
  ask: (question: PendingConfirm) => void;
  /** Empties the selection (after an action, or 取消选择). */
  onClear: () => void;
}

export function BulkActions({ module, ids, extra = [], can, ask, onClear }: BulkActionsProps) {
  const client = useQueryClient();
  const count = ids.length;
  const keys = crudKeys(module);

  /** Asks once, then makes each call in turn; stops at the first refusal. */
  const askForAll = (
    message: string,
    calls: readonly (() => Promise<unknown>)[],
    done: string,
    refresh?: () => Promise<unknown>,
  ) =>
    ask({
      message,
      accept: async () => {
        let finished = 0;
        try {
          for (const call of calls) {
            await call();
            finished += 1;
          }
          notify.success(done);
        } catch (error) {
          // The request client has shown the server's message; say how far it got.
          if (finished > 0) notify.warn(t.partlyDone(finished, calls.length));
          throw error;
        } finally {
          onClear();
          await Promise.all([
            ...[...keys.lists(), keys.recycles()].map((queryKey) =>
              client.invalidateQueries({ queryKey }),
            ),
            refresh?.(),
          ]);
        }
      },
    });
  /** The same call for every selected id. */
  const forEachId = (call: (id: RecordId) => unknown) =>
    ids.map((id) => () => Promise.resolve(call(id)));

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
              forEachId((id) => api.delete?.(id)),
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
                forEachId((id) => api.disable?.(id, 1)),
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
                forEachId((id) => api.disable?.(id, 2)),
                t.disabled(count),
              )
            }
          />
        </>
      )}
      {extra.map((action) => {
        const applies = action.calls.length;
        const skipped = count - applies;
        return (
          <Button
            key={action.id}
            type="button"
            label={action.label}
            severity={action.danger ? 'danger' : undefined}
            outlined
            disabled={applies === 0}
            tooltip={applies === 0 ? t.noneApplies : undefined}
            tooltipOptions={{ showOnDisabled: true }}
            onClick={() =>
              askForAll(
                action.confirm(applies) + (skipped > 0 ? t.skipped(skipped) : ''),
                action.calls,
                action.done(applies),
                action.refresh,
              )
            }
          />
        );
      })}
      <Button type="button" label={t.clear} text onClick={onClear} />
    </span>
  );
}
