import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import { crud as t } from '@/locale/crud';
import type { CrudFormProps } from './crud-form';
import { CrudListView, type RowActionDefinition, type RowAllows } from './crud-list';
import {
  LazyCrudForm,
  LazyCrudInfo,
  LazyImportExport,
  LazyRecycleBin,
  useFormPrefetch,
} from './lazy-dialogs';
import { canDo } from './permission-keys';
import { useCrudDialog } from './use-crud-dialog';
import { useCrudList, type CrudListController } from './use-crud-list';
import type { ColumnOverrides } from './crud-table';
import type { ModuleDefinition, ModuleRecord, RecordId } from './module-definition';

/** The seams of a CrudPage, typed by the module's row (inferred from `module`). */
export interface CrudPageProps<Row extends ModuleRecord> {
  module: ModuleDefinition<Row>;
  source?: 'list' | 'mylist';
  /** The screen's own row buttons (seam: e.g. 重置密码 on administrators). */
  rowActions?:
    | readonly RowActionDefinition<Row>[]
    | ((list: CrudListController<Row>) => RowActionDefinition<Row>[]);
  /** Extra toolbar content after 新增 / 回收站 / 导入导出. */
  toolbarExtra?: ReactNode | ((list: CrudListController<Row>) => ReactNode);
  /** Per-field changes to the generated columns. */
  columns?: ColumnOverrides<Row>;
  /** Which built-in row buttons (查看 / 编辑 / 删除) a row offers, e.g. edit only on drafts. */
  rowAllows?: RowAllows<Row>;
  /** A custom add/edit form in place of the generated one. */
  renderForm?: (props: CrudFormProps<Row>) => ReactNode;
  /**
   * Opens add / edit somewhere else instead of the dialog (seam: forms as full-page
   * sub-screens, e.g. navigate to /business/user/edit?id=7); no form dialog is rendered then.
   */
  openForm?: (mode: 'add' | 'edit', id?: RecordId) => void;
  /**
   * Row selection with bulk 删除 / 启用 / 禁用 and the screen's `bulk` row actions, each guarded
   * as its row button: on wherever one is offered, `false` turns it off.
   */
  bulk?: boolean;
  /** `false` for a second list on a screen: the first keeps its search and page in the address. */
  inAddress?: boolean;
  /** Filters the screen's own controls set (toolbarExtra), kept in the address with the others. */
  ownFilters?: readonly string[];
}

/**
 * A whole generated CRUD screen from one ModuleDefinition: list with search and paging,
 * add/edit/view dialogs, recycle bin and import/export, as the module's capabilities say.
 * A screen that needs more composes it through the seams (row actions, toolbar extras,
 * column overrides, custom form) in its own feature folder.
 * @example <CrudPage module={noticeModule} />
 * @example <CrudPage module={userModule} rowActions={[resetPasswordAction]} />
 */
export function CrudPage<Row extends ModuleRecord>({
  module,
  source = 'list',
  rowActions,
  toolbarExtra,
  columns,
  rowAllows,
  renderForm,
  openForm,
  bulk,
  inAddress,
  ownFilters,
}: CrudPageProps<Row>) {
  const list = useCrudList(module, { source, inAddress, ownFilters });
  const dialogs = useCrudDialog();
  const formPrefetch = useFormPrefetch(module, {
    enabled: !openForm && (canDo(module, 'add') || canDo(module, 'edit')),
    generatedForm: !renderForm,
  });
  const drawForm = renderForm ?? ((props: CrudFormProps<Row>) => <LazyCrudForm {...props} />);
  const showForm = (id?: RecordId) => {
    if (openForm) {
      if (id === undefined) openForm('add');
      else openForm('edit', id);
    } else dialogs.open(id === undefined ? { kind: 'add' } : { kind: 'edit', id });
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
          onClick={() => showForm()}
          {...formPrefetch}
        />
      )}
      {canRecycle && (
        <Button
          type="button"
          icon="pi pi-trash"
          label={t.recycleBin}
          severity="secondary"
          outlined
          onClick={() => dialogs.open({ kind: 'recycle' })}
        />
      )}
      {hasImportExport && <LazyImportExport module={module} filters={list.exportQuery} />}
      {typeof toolbarExtra === 'function' ? toolbarExtra(list) : toolbarExtra}
    </>
  );

  return (
    <section className="crud-page" aria-label={module.title}>
      <CrudListView
        list={list}
        toolbar={toolbar}
        onView={(row) => dialogs.open({ kind: 'view', id: list.idOf(row) })}
        onEdit={(row) => showForm(list.idOf(row))}
        rowActions={typeof rowActions === 'function' ? rowActions(list) : rowActions}
        columns={columns}
        rowAllows={rowAllows}
        bulk={bulk}
      />
      {!openForm && drawForm({ module, ...dialogs.form, onHide: dialogs.close })}
      <LazyCrudInfo module={module} {...dialogs.view} onHide={dialogs.close} />
      {canRecycle && (
        <LazyRecycleBin module={module} visible={dialogs.recycleVisible} onHide={dialogs.close} />
      )}
    </section>
  );
}
