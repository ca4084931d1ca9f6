/**
 * The action buttons of an imported source's list (src/core/source-action.ts): a row action is a
 * button in the row's 操作 column (all of them behind one 更多 when there are more than fit), a
 * toolbar action a button beside 新增. A click asks 确认执行「…」？ when the action takes nothing
 * (and before every DELETE), else opens a form of its fields; then the call, 操作成功 or the
 * server's message (under the fields it names), and the list asked again. A button shows only
 * to a user who holds the action's permission key, as 新增 / 编辑 / 删除 do.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useQueryClient } from '@tanstack/react-query';
import {
  crudKeys,
  type CrudListController,
  type ModuleDefinition,
  type ModuleRecord,
  type RecordId,
  type RowActionDefinition,
} from '@/components/crud';
import { usePermissionRefresh } from '@/components/crud/permission-keys';
import { useDynamicForm } from '@/components/form/use-dynamic-form';
import { DynamicFormView } from '@/components/form/dynamic-form';
import type { FormValues } from '@/components/form/schema';
import { hasPermissionKey } from '@/lib/permissions';
import { notify } from '@/lib/notify';
import type { SourceActionRunner } from '@/lib/rest-source';
import { sourceActionMessages as t } from '@/locale/source-actions';
import './source-actions.css';

/** More row actions than this go behind one 更多 button, so the 操作 column stays narrow. */
const ROW_BUTTONS_MAX = 2;

/** One click of an action: on which row (none for a toolbar action). */
interface ActionTarget<Row extends ModuleRecord> {
  action: SourceActionRunner;
  row?: Row;
  rowId?: RecordId;
}

function ActionForm({
  action,
  onSubmit,
  onClose,
}: {
  action: SourceActionRunner;
  onSubmit: (values: FormValues) => Promise<void>;
  onClose: () => void;
}) {
  const controller = useDynamicForm({ fields: action.fields, onSubmit });
  return (
    <>
      <DynamicFormView controller={controller} disabled={controller.isSubmitting} />
      <div className="crud-form__footer">
        <Button type="button" label={t.close} outlined onClick={onClose} />
        <Button
          type="submit"
          form={controller.formId}
          label={t.submit}
          severity={action.destructive ? 'danger' : undefined}
          loading={controller.isSubmitting}
          disabled={controller.isSubmitting}
        />
      </div>
    </>
  );
}

export interface SourceActionsView<Row extends ModuleRecord> {
  rowActions: (list: CrudListController<Row>) => RowActionDefinition<Row>[];
  toolbar: (list: CrudListController<Row>) => ReactNode;
  /** The form and 更多 dialogs, rendered beside the list. */
  dialogs: ReactNode;
}

/**
 * `pathValues`: placeholders the screen knows and the rows do not carry (a nested screen's
 * parent key, `isbn` of /books/{isbn}/reviews/{id}/approve).
 * @example const actions = useSourceActions(module, conduitArticlesActions); <CrudPage rowActions={actions.rowActions} … />
 */
export function useSourceActions<Row extends ModuleRecord>(
  module: ModuleDefinition<Row>,
  actions: readonly SourceActionRunner[],
  pathValues?: ModuleRecord,
): SourceActionsView<Row> {
  usePermissionRefresh();
  const client = useQueryClient();
  const [form, setForm] = useState<ActionTarget<Row> | null>(null);
  const [more, setMore] = useState<{ row: Row; list: CrudListController<Row> } | null>(null);
  const permitted = actions.filter(
    (action) => action.permission === undefined || hasPermissionKey(action.permission),
  );
  const rowOnes = permitted.filter((action) => action.placement === 'row');
  const toolbarOnes = permitted.filter((action) => action.placement === 'toolbar');

  const execute = useCallback(
    async (target: ActionTarget<Row>, values: ModuleRecord) => {
      // A refusal rejects here, shown by the source's client; the form keeps what was typed.
      await target.action.run(values, target.rowId, { ...pathValues, ...target.row });
      notify.success(t.done);
      const keys = crudKeys(module);
      await Promise.all([
        ...keys.lists().map((queryKey) => client.invalidateQueries({ queryKey })),
        target.rowId === undefined
          ? undefined
          : client.invalidateQueries({ queryKey: keys.info(target.rowId) }),
      ]);
    },
    [client, module, pathValues],
  );

  const start = useCallback(
    (action: SourceActionRunner, list: CrudListController<Row>, row?: Row) => {
      const target: ActionTarget<Row> = row ? { action, row, rowId: list.idOf(row) } : { action };
      if (action.fields.length === 0)
        list.ask({ message: t.confirm(action.label), accept: () => execute(target, {}) });
      else if (action.destructive)
        list.ask({
          message: t.confirm(action.label),
          accept: () => Promise.resolve(setForm(target)),
        });
      else setForm(target);
    },
    [execute],
  );

  const rowActions = (list: CrudListController<Row>): RowActionDefinition<Row>[] =>
    rowOnes.length > ROW_BUTTONS_MAX
      ? [{ id: 'source-actions-more', label: t.more, onClick: (row) => setMore({ row, list }) }]
      : rowOnes.map((action) => ({
          id: `source-action-${action.id}`,
          label: action.label,
          danger: action.destructive,
          onClick: (row) => start(action, list, row),
        }));

  const toolbar = (list: CrudListController<Row>) =>
    toolbarOnes.map((action) => (
      <Button
        key={action.id}
        type="button"
        label={action.label}
        severity={action.destructive ? 'danger' : 'secondary'}
        outlined
        onClick={() => start(action, list)}
      />
    ));

  const closeForm = () => setForm(null);
  const dialogs = (
    <>
      <Dialog
        header={form ? t.formTitle(form.action.label) : ''}
        visible={form !== null}
        onHide={closeForm}
        style={{ width: 'min(640px, 95vw)' }}
        modal
      >
        {form && (
          <ActionForm
            key={`${form.action.id}:${String(form.rowId)}`}
            action={form.action}
            onClose={closeForm}
            onSubmit={async (values) => {
              await execute(form, values);
              closeForm();
            }}
          />
        )}
      </Dialog>
      <Dialog
        header={more ? t.moreTitle(String(more.list.idOf(more.row))) : ''}
        visible={more !== null}
        onHide={() => setMore(null)}
        modal
      >
        <div className="source-actions__more">
          {more &&
            rowOnes.map((action) => (
              <Button
                key={action.id}
                type="button"
                label={action.label}
                severity={action.destructive ? 'danger' : 'secondary'}
                outlined
                onClick={() => {
                  setMore(null);
                  start(action, more.list, more.row);
                }}
              />
            ))}
        </div>
      </Dialog>
    </>
  );
  return { rowActions, toolbar, dialogs };
}
