import { useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { crud as t } from '@/locale/crud';
import type { CrudFormProps } from './crud-form';
import { CrudListView, type RowActionDefinition, type RowAllows } from './crud-list';
import { LazyCrudForm, LazyCrudInfo, LazyImportExport, LazyRecycleBin } from './lazy-dialogs';
import { canDo } from './permission-keys';
import { useCrudList, type CrudListController } from './use-crud-list';
import type { ColumnOverrides } from './crud-table';
import type { ModuleDefinition, RecordId } from './module-definition';

type PageDialog =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'edit'; id: RecordId }
  | { kind: 'view'; id: RecordId }
  | { kind: 'recycle' };

export interface CrudPageProps {
  module: ModuleDefinition;
  source?: 'list' | 'mylist';
  /** The screen's own row buttons (seam: e.g. 重置密码 on administrators). */
  rowActions?:
    | readonly RowActionDefinition[]
    | ((list: CrudListController) => RowActionDefinition[]);
  /** Extra toolbar content after 新增 / 回收站 / 导入导出. */
  toolbarExtra?: ReactNode | ((list: CrudListController) => ReactNode);
  /** Per-field changes to the generated columns. */
  columns?: ColumnOverrides;
  /** Which built-in row buttons (查看 / 编辑 / 删除) a row offers, e.g. edit only on drafts. */
  rowAllows?: RowAllows;
  /** A custom add/edit form in place of the generated one. */
  renderForm?: (props: CrudFormProps) => ReactNode;
  /**
   * Opens add / edit somewhere else instead of the dialog (seam: forms as full-page
   * sub-screens, e.g. navigate to /business/user/edit?id=7); no form dialog is rendered then.
   */
  openForm?: (mode: 'add' | 'edit', id?: RecordId) => void;
}

/**
 * A whole generated CRUD screen from one ModuleDefinition: list with search and paging,
 * add/edit/view dialogs, recycle bin and import/export, as the module's capabilities say.
 * A screen that needs more composes it through the seams (row actions, toolbar extras,
 * column overrides, custom form) in its own feature folder.
 * @example <CrudPage module={noticeModule} />
 * @example <CrudPage module={userModule} rowActions={[resetPasswordAction]} />
 */
export function CrudPage({
  module,
  source = 'list',
  rowActions,
  toolbarExtra,
  columns,
  rowAllows,
  renderForm = (props) => <LazyCrudForm {...props} />,
  openForm,
}: CrudPageProps) {
  const list = useCrudList(module, { source });
  const [dialog, setDialog] = useState<PageDialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const showForm = (next: { kind: 'add' } | { kind: 'edit'; id: RecordId }) => {
    if (!openForm) setDialog(next);
    else if (next.kind === 'add') openForm('add');
    else openForm('edit', next.id);
  };
  const hasImportExport = canDo(module, 'import') || canDo(module, 'export');
  const canRecycle = canDo(module, 'recycle');

  const toolbar = (
    <>
      {canDo(module, 'add') && (
        <Button
          type="button"
          icon="pi pi-plus"
          label={t.add}
          onClick={() => showForm({ kind: 'add' })}
        />
      )}
      {canRecycle && (
        <Button
          type="button"
          icon="pi pi-trash"
          label={t.recycleBin}
          severity="secondary"
          outlined
          onClick={() => setDialog({ kind: 'recycle' })}
        />
      )}
      {hasImportExport && <LazyImportExport module={module} filters={list.filterQuery} />}
      {typeof toolbarExtra === 'function' ? toolbarExtra(list) : toolbarExtra}
    </>
  );

  return (
    <section className="crud-page" aria-label={module.title}>
      <CrudListView
        list={list}
        toolbar={toolbar}
        onView={(row) => setDialog({ kind: 'view', id: list.idOf(row) })}
        onEdit={(row) => showForm({ kind: 'edit', id: list.idOf(row) })}
        rowActions={typeof rowActions === 'function' ? rowActions(list) : rowActions}
        columns={columns}
        rowAllows={rowAllows}
      />
      {!openForm &&
        renderForm({
          module,
          mode: dialog.kind === 'edit' ? 'edit' : 'add',
          id: dialog.kind === 'edit' ? dialog.id : undefined,
          visible: dialog.kind === 'add' || dialog.kind === 'edit',
          onHide: close,
        })}
      <LazyCrudInfo
        module={module}
        id={dialog.kind === 'view' ? dialog.id : undefined}
        visible={dialog.kind === 'view'}
        onHide={close}
      />
      {canRecycle && (
        <LazyRecycleBin module={module} visible={dialog.kind === 'recycle'} onHide={close} />
      )}
    </section>
  );
}
