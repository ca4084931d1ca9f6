/**
 * A whole tree-shaped CRUD screen (menus, departments, regions): the module's records in a
 * treegrid (TreeGrid, drawn as PrimeReact's TreeTable) — expand/collapse, sortable headers sent to the list call, status switch,
 * in-place edit of editable columns through `updatefield`, and row actions 新增下级 (the form
 * opens with the parent preset), 编辑, 删除 (refused while the record has children), and the
 * list's bulk actions on the rows chosen (批量删除 children first, 批量启用 / 批量禁用). A lazy tree
 * (`tree.lazyChildren`) loads a node's children when it opens. The same seams as CrudPage:
 * rowActions, toolbarExtra, columns, renderForm — typed by the module's row.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { crud as t } from '@/locale/crud';
import { crudTree } from '@/locale/crud-tree';
import { CellView } from './cell-view';
import type { CrudFormProps } from './crud-form';
import { EditableCell } from './editable-cell';
import { LazyBulkActions, LazyCrudForm, LazyCrudInfo } from './lazy-dialogs';
import { RowAction, type ColumnOverrides } from './crud-table';
import { PendingConfirmDialog } from './pending-confirm-dialog';
import { useCrudDialog } from './use-crud-dialog';
import {
  useTreeList,
  type RecordNode,
  type TreeListController,
  type TreeListOptions,
} from './use-tree-list';
import { isLeafRow } from './tree-rows';
import {
  RowButtons,
  rowActionAllowed,
  type RowActionDefinition,
  type RowAllows,
} from './crud-list';
import { TreeGrid } from './tree-grid';
import { LoadFailure } from './table-parts';
import type {
  ColumnDefinition,
  ModuleDefinition,
  ModuleRecord,
  RecordId,
} from './module-definition';
import './crud.css';
import './crud-table.css';
import { KeywordSearch } from './keyword-search';
import { choosableColumns, useListSettings } from './list-settings';
import { ListSettingsButton } from './list-settings-button';

/** The theme's TreeTable classes of the densities (TreeTable has no `size`). */
const TREE_DENSITY = { small: ' p-treetable-sm', normal: '', large: ' p-treetable-lg' } as const;

export interface CrudTreePageProps<Row extends ModuleRecord> extends TreeListOptions {
  module: ModuleDefinition<Row>;
  /** The screen's own row buttons; their `onClick` gets the tree controller. */
  rowActions?: readonly TreeRowAction<Row>[];
  toolbarExtra?: ReactNode;
  columns?: ColumnOverrides<Row>;
  renderForm?: (props: CrudFormProps<Row>) => ReactNode;
  /** The column that carries the expand toggle (the record's name); the first one by default. */
  expanderField?: string;
  /** Which built-in row buttons a row offers (新增下级 is `add`); all permitted ones when absent. */
  rowAllows?: RowAllows<Row>;
  /** The table's accessible name; the module's title by default. */
  tableLabel?: string;
  /** The keyword box's hint (what the search looks in); the generic one by default. */
  searchPlaceholder?: string;
}

/** A tree screen's own row button (the list's RowActionDefinition, with the tree controller). */
export interface TreeRowAction<Row extends ModuleRecord = ModuleRecord>
  extends Omit<RowActionDefinition<Row>, 'onClick'> {
  onClick: (row: Row, tree: TreeListController<Row>) => void;
}

/** The module with one field's default replaced: the add form of a child opens under its parent. */
function withDefault<Row extends ModuleRecord>(
  module: ModuleDefinition<Row>,
  field: string,
  value: RecordId,
): ModuleDefinition<Row> {
  return {
    ...module,
    fields: module.fields.map((definition) =>
      definition.cf_fieldname === field ? { ...definition, cf_default: value } : definition,
    ),
  };
}

/** Every node of the tree, parents before their children. */
function depthFirst<Row extends ModuleRecord>(
  nodes: readonly RecordNode<Row>[],
  into: RecordNode<Row>[] = [],
): RecordNode<Row>[] {
  for (const node of nodes) {
    into.push(node);
    if (node.children) depthFirst(node.children, into);
  }
  return into;
}

export function CrudTreePage<Row extends ModuleRecord>({
  module,
  rowActions = [],
  toolbarExtra,
  columns: overrides = {},
  renderForm = (props) => <LazyCrudForm {...props} />,
  expanderField,
  rowAllows = () => true,
  tableLabel = module.title,
  searchPlaceholder,
  ...options
}: CrudTreePageProps<Row>) {
  const tree = useTreeList(module, options);
  const dialogs = useCrudDialog();
  const close = () => {
    dialogs.close();
    // A save closes the form: the look-ups reading these records refresh with the list.
    options.onChanged?.();
  };
  const canAdd = tree.can('add');
  const builtIn = { view: tree.can('view'), edit: tree.can('edit'), delete: tree.can('delete') };
  const extra = rowActions.filter((action) => rowActionAllowed(module, action));
  const canToggle = tree.can('disable');
  const canEditInline = tree.can('updatefield');
  const { parent } = dialogs;
  const formModule = useMemo(
    () => (parent !== undefined ? withDefault(module, tree.parentField, parent) : module),
    [parent, module, tree.parentField],
  );
  const viewSettings = useListSettings(module.key);
  const shown = module.columns.filter((column) => !overrides[column.field]?.hidden);
  // The expander column stays: without it no node could be opened.
  const expander = expanderField ?? shown[0]?.field;
  const columns = shown.filter(
    (column) => column.field === expander || !viewSettings.settings.hidden.includes(column.field),
  );
  // A row at a lazy tree's leaf level takes no children.
  const takesChildren = (row: Row) => !tree.lazy || !isLeafRow(options.tree ?? module.tree, row);
  const canBulk = tree.can('delete') || tree.can('disable');
  const [selectedKeys, setSelectedKeys] = useState<ReadonlySet<string>>(() => new Set());
  // Deepest first (the tree's order reversed): a parent chosen with its children is deleted
  // after them, where the server would refuse it before.
  const selectedIds = depthFirst(tree.nodes)
    .reverse()
    .filter((node) => selectedKeys.has(node.key))
    .map((node) => tree.idOf(node.data));

  const cell = (column: ColumnDefinition, node: RecordNode<Row>) => {
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

  const actions = (node: RecordNode<Row>) => {
    const row = node.data;
    return (
      <span className="crud-list__actions">
        {canAdd && takesChildren(row) && rowAllows('add', row) && (
          <RowAction
            label={crudTree.addChild}
            onClick={() => dialogs.open({ kind: 'add', parent: tree.idOf(row) })}
          />
        )}
        <RowButtons
          row={row}
          offers={(action) => builtIn[action] && rowAllows(action, row)}
          onView={() => dialogs.open({ kind: 'view', id: tree.idOf(row) })}
          onEdit={() => dialogs.open({ kind: 'edit', id: tree.idOf(row) })}
          onDelete={() => tree.askDelete(row)}
          extra={extra}
          onExtra={(action) => action.onClick(row, tree)}
        />
      </span>
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
              onClick={() => dialogs.open({ kind: 'add' })}
            />
          )}
          {/* A lazy tree loads a level per opened node: opening everything would load it all. */}
          {!tree.lazy && (
            <>
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
            </>
          )}
          {toolbarExtra}
          <ListSettingsButton
            columns={choosableColumns(module.columns, overrides, expander)}
            controller={viewSettings}
          />
          {canBulk && selectedIds.length > 0 && (
            <LazyBulkActions
              module={module}
              ids={selectedIds}
              can={tree.can}
              ask={tree.ask}
              onClear={() => setSelectedKeys(new Set())}
            />
          )}
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
            placeholder={searchPlaceholder}
          />
        </form>
      </div>
      <TreeGrid
        nodes={tree.nodes}
        expandedKeys={tree.expandedKeys}
        onToggle={tree.setExpandedKeys}
        columns={columns.map((column) => ({
          ...column,
          header: overrides[column.field]?.header ?? column.header,
          sortable: Boolean(column.sortable),
        }))}
        expander={expander}
        cell={cell}
        actionsHeader={t.actions}
        actions={actions}
        sort={tree.sort}
        onSort={tree.setSort}
        loading={tree.isFetching || tree.isMutating}
        emptyMessage={
          tree.isError ? <LoadFailure error={tree.loadError} onRetry={tree.retry} /> : t.emptyList
        }
        className={`crud-tree__table${TREE_DENSITY[viewSettings.settings.density]}`}
        label={tableLabel}
        selection={canBulk ? { keys: selectedKeys, onChange: setSelectedKeys } : undefined}
      />
      {renderForm({ module: formModule, ...dialogs.form, onHide: close })}
      <LazyCrudInfo module={module} {...dialogs.view} onHide={dialogs.close} />
      <PendingConfirmDialog tagKey="crud-tree" question={tree} />
    </section>
  );
}
