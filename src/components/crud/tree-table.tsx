/**
 * A whole tree-shaped CRUD screen (menus, departments): the module's records nested by their
 * parent field in a PrimeReact TreeTable — expand/collapse, sortable headers sent to the list
 * call, status switch, in-place edit of editable columns through `updatefield`, and row
 * actions 新增下级 (the form opens with the parent preset), 编辑, 删除 (refused while the record
 * has children). The same seams as CrudPage: rowActions, toolbarExtra, columns.
 */
import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { TreeTable, type TreeTableSortEvent } from 'primereact/treetable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { crud as t } from '@/locale/crud';
import { crudTree } from '@/locale/crud-tree';
import { CellView } from './cell-view';
import type { CrudFormProps } from './crud-form';
import { LazyCrudForm, LazyCrudInfo } from './lazy-dialogs';
import { RowAction, type ColumnOverrides } from './crud-table';
import { PendingConfirmDialog } from './pending-confirm-dialog';
import {
  useTreeList,
  type RecordNode,
  type TreeListController,
  type TreeListOptions,
} from './use-tree-list';
import { rowActionAllowed, type RowActionDefinition, type RowAllows } from './crud-list';
import type {
  ColumnDefinition,
  ModuleDefinition,
  ModuleRecord,
  RecordId,
} from './module-definition';
import type { ListSort } from './use-crud-list';
import './crud.css';
import './crud-table.css';
import { KeywordSearch } from './keyword-search';

type TreeDialog =
  | { kind: 'none' }
  | { kind: 'add'; parent?: RecordId }
  | { kind: 'edit'; id: RecordId }
  | { kind: 'view'; id: RecordId };

export interface CrudTreePageProps extends TreeListOptions {
  module: ModuleDefinition;
  /** The screen's own row buttons; their `onClick` gets the list controller as `null`. */
  rowActions?: readonly TreeRowAction[];
  toolbarExtra?: ReactNode;
  columns?: ColumnOverrides;
  renderForm?: (props: CrudFormProps) => ReactNode;
  /** The column that carries the expand toggle (the record's name); the first one by default. */
  expanderField?: string;
  /** Which built-in row buttons a row offers (新增下级 is `add`); all permitted ones when absent. */
  rowAllows?: RowAllows;
}

/** A tree screen's own row button (the list's RowActionDefinition, with the tree controller). */
export interface TreeRowAction extends Omit<RowActionDefinition, 'onClick'> {
  onClick: (row: ModuleRecord, tree: TreeListController) => void;
}

/** The module with one field's default replaced: the add form of a child opens under its parent. */
function withDefault(module: ModuleDefinition, field: string, value: RecordId): ModuleDefinition {
  return {
    ...module,
    fields: module.fields.map((definition) =>
      definition.cf_fieldname === field ? { ...definition, cf_default: value } : definition,
    ),
  };
}

/** A cell edited in place: click (or Enter) to edit, Enter or leaving saves, Escape cancels. */
function EditableCell({
  column,
  row,
  onSave,
}: {
  column: ColumnDefinition;
  row: ModuleRecord;
  onSave: (value: string) => void;
}) {
  const current = row[column.field] == null ? '' : String(row[column.field]);
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null)
    return (
      <button
        type="button"
        className="crud-tree__editable"
        title={crudTree.editCell(column.header)}
        onClick={() => setDraft(current)}
      >
        <CellView column={column} row={row} />
      </button>
    );
  const commit = () => {
    if (draft !== current) onSave(draft);
    setDraft(null);
  };
  return (
    <InputText
      autoFocus
      value={draft}
      aria-label={column.header}
      className="crud-tree__input p-inputtext-sm"
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') setDraft(null);
      }}
    />
  );
}

export function CrudTreePage({
  module,
  rowActions = [],
  toolbarExtra,
  columns: overrides = {},
  renderForm = (props) => <LazyCrudForm {...props} />,
  expanderField,
  rowAllows = () => true,
  ...options
}: CrudTreePageProps) {
  const tree = useTreeList(module, options);
  const [dialog, setDialog] = useState<TreeDialog>({ kind: 'none' });
  const close = () => {
    setDialog({ kind: 'none' });
    // A save closes the form: the look-ups reading these records refresh with the list.
    options.onChanged?.();
  };
  const canAdd = tree.can('add');
  const builtIn = { view: tree.can('view'), edit: tree.can('edit'), delete: tree.can('delete') };
  const extra = rowActions.filter((action) => rowActionAllowed(module, action));
  const canToggle = tree.can('disable');
  const canEditInline = tree.can('updatefield');
  const formModule = useMemo(
    () =>
      dialog.kind === 'add' && dialog.parent !== undefined
        ? withDefault(module, tree.parentField, dialog.parent)
        : module,
    [dialog, module, tree.parentField],
  );
  const columns = module.columns.filter((column) => !overrides[column.field]?.hidden);

  const cell = (column: ColumnDefinition) => (node: RecordNode) => {
    const row = node.data;
    const override = overrides[column.field];
    if (override?.body) return override.body(row);
    if (column.editable && canEditInline)
      return (
        <EditableCell
          column={column}
          row={row}
          onSave={(value) => void tree.updateField(row, column.field, value)}
        />
      );
    return (
      <CellView
        column={column}
        row={row}
        onToggle={canToggle ? (on) => void tree.toggleStatus(row, on) : undefined}
      />
    );
  };

  return (
    <section className="crud-page crud-tree" aria-label={module.title}>
      <div className="crud-list__toolbar">
        <div className="crud-list__buttons">
          {canAdd && (
            <Button
              type="button"
              icon="pi pi-plus"
              label={t.add}
              onClick={() => setDialog({ kind: 'add' })}
            />
          )}
          <Button
            type="button"
            icon="pi pi-angle-double-down"
            label={crudTree.expandAll}
            outlined
            onClick={tree.expandAll}
          />
          <Button
            type="button"
            icon="pi pi-angle-double-up"
            label={crudTree.collapseAll}
            outlined
            onClick={tree.collapseAll}
          />
          {toolbarExtra}
        </div>
        <form
          className="crud-list__search"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            tree.search();
          }}
        >
          <KeywordSearch
            keyword={tree.keywordDraft}
            onKeywordChange={tree.setKeywordDraft}
            onReset={tree.resetSearch}
          />
        </form>
      </div>
      <TreeTable
        value={tree.nodes}
        expandedKeys={tree.expandedKeys}
        onToggle={(e) => tree.setExpandedKeys(e.value as Record<string, boolean>)}
        lazy
        sortField={tree.sort?.field}
        sortOrder={tree.sort ? (tree.sort.order === 'asc' ? 1 : -1) : 0}
        removableSort
        onSort={(e: TreeTableSortEvent) =>
          tree.setSort(
            e.sortField && e.sortOrder
              ? ({ field: e.sortField, order: e.sortOrder === 1 ? 'asc' : 'desc' } as ListSort)
              : null,
          )
        }
        loading={tree.isFetching || tree.isMutating}
        emptyMessage={tree.isError ? t.loadFailed : t.emptyList}
        className="crud-tree__table"
        aria-label={module.title}
      >
        {columns.map((column, index) => (
          <Column
            key={column.field}
            field={column.field}
            header={overrides[column.field]?.header ?? column.header}
            expander={expanderField ? column.field === expanderField : index === 0}
            sortable={Boolean(column.sortable)}
            body={cell(column)}
          />
        ))}
        <Column
          header={t.actions}
          className="crud-list__actions-cell"
          body={(node: RecordNode) => {
            const row = node.data;
            return (
              <span className="crud-list__actions">
                {canAdd && rowAllows('add', row) && (
                  <RowAction
                    label={crudTree.addChild}
                    onClick={() => setDialog({ kind: 'add', parent: tree.idOf(row) })}
                  />
                )}
                {builtIn.view && rowAllows('view', row) && (
                  <RowAction
                    label={t.view}
                    onClick={() => setDialog({ kind: 'view', id: tree.idOf(row) })}
                  />
                )}
                {builtIn.edit && rowAllows('edit', row) && (
                  <RowAction
                    label={t.edit}
                    onClick={() => setDialog({ kind: 'edit', id: tree.idOf(row) })}
                  />
                )}
                {extra
                  .filter((action) => action.visible?.(row) ?? true)
                  .map((action) => (
                    <RowAction
                      key={action.id}
                      label={action.label}
                      danger={action.danger}
                      onClick={() => action.onClick(row, tree)}
                    />
                  ))}
                {builtIn.delete && rowAllows('delete', row) && (
                  <RowAction label={t.delete} danger onClick={() => tree.askDelete(row)} />
                )}
              </span>
            );
          }}
        />
      </TreeTable>
      {renderForm({
        module: formModule,
        mode: dialog.kind === 'edit' ? 'edit' : 'add',
        id: dialog.kind === 'edit' ? dialog.id : undefined,
        visible: dialog.kind === 'add' || dialog.kind === 'edit',
        onHide: close,
      })}
      <LazyCrudInfo
        module={module}
        id={dialog.kind === 'view' ? dialog.id : undefined}
        visible={dialog.kind === 'view'}
        onHide={() => setDialog({ kind: 'none' })}
      />
      <PendingConfirmDialog tagKey="crud-tree" question={tree} />
    </section>
  );
}
