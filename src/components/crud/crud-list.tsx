import { useState, type ReactNode } from 'react';
import { crud as t } from '@/locale/crud';
import { canCall, hasPermissionKey, type GuardedCall } from '@/lib/permissions';
import { CrudTable, RowAction, type ColumnOverrides } from './crud-table';
import { useCrudList, type CrudListController, type CrudListOptions } from './use-crud-list';
import { actionPermitted } from './permission-keys';
import type { FieldDefinition } from '@/core/field-definition';
import type { ModuleDefinition, ModuleRecord, RecordId } from './module-definition';
import { FilterControl } from './filter-control';
import { LoadFailure } from './table-parts';
import { KeywordSearch } from './keyword-search';
import { PendingConfirmDialog } from './pending-confirm-dialog';
import { LazyBulkActions } from './lazy-dialogs';
import { choosableColumns, useListSettings } from './list-settings';
import { ListSettingsButton } from './list-settings-button';
import './crud.css';

/**
 * One extra row button a screen adds to a generated list (e.g. 重置密码, 菜单配置): shown
 * after 查看/编辑 and before 删除, and only when the route's `operate` list names
 * `permission.action` and the user holds `permission.key`.
 */
export interface RowActionDefinition<Row extends ModuleRecord = ModuleRecord> {
  /** Unique among the screen's row actions. */
  id: string;
  label: string;
  danger?: boolean;
  permission?: { action: string; key: string };
  /** The contract call the button makes: shown only to a user who holds that call's key. */
  call?: GuardedCall;
  /** Rows that get the button (all when absent). */
  visible?: (row: Row) => boolean;
  onClick: (row: Row, list: CrudListController<Row>) => void;
  /**
   * Offered for the selected rows too (e.g. 批量通过), under the same guard: asks once, then
   * makes `run` for each selected row the action is `visible` for, one after another.
   */
  bulk?: BulkRowAction<Row>;
}

/** A screen's row action done to every selected row at once. */
export interface BulkRowAction<Row extends ModuleRecord> {
  label: string;
  /** The question asked once, for the rows it will be done to. */
  confirm: (count: number) => string;
  /** Said when every row is done. */
  done: (count: number) => string;
  /** One row's call (a refusal is shown by the request client and stops the rest). */
  run: (row: Row, id: RecordId) => Promise<unknown>;
  /** What else the change makes stale (other screens' lists), refreshed once at the end. */
  refresh?: () => Promise<unknown>;
}

/** A built-in row button of the CRUD blocks: 查看, 编辑, 删除, and the tree's 新增下级 (`add`). */
export type CrudRowAction = 'view' | 'edit' | 'delete' | 'add';

/**
 * Per-row seam: whether this row offers this built-in action, e.g. 编辑 / 删除 only on a draft.
 * The permission guards still apply first; without it every row offers every permitted action.
 * (A screen's own row actions say the same with their `visible`.)
 * @example rowAllows={(action, row) => action === 'view' || row.status === DRAFT}
 */
export type RowAllows<Row extends ModuleRecord = ModuleRecord> = (
  action: CrudRowAction,
  row: Row,
) => boolean;

/** What a row button needs to be shown: the screen's own buttons of the list and the tree. */
type RowButtonDefinition<Row extends ModuleRecord> = Pick<
  RowActionDefinition<Row>,
  'id' | 'label' | 'danger' | 'visible'
>;

/**
 * A row's buttons in one order for the list and the tree: 查看, 编辑, the screen's own, 删除 —
 * each built-in one only where `offers` says (permitted, and allowed for this row by the screen).
 */
export function RowButtons<Row extends ModuleRecord, Action extends RowButtonDefinition<Row>>({
  row,
  offers,
  onView,
  onEdit,
  onDelete,
  extra,
  onExtra,
}: {
  row: Row;
  offers: (action: 'view' | 'edit' | 'delete') => boolean;
  onView: () => void;
  onEdit: () => void;
  onDelete: () => void;
  extra: readonly Action[];
  onExtra: (action: Action) => void;
}) {
  return (
    <>
      {offers('view') && <RowAction label={t.view} onClick={onView} />}
      {offers('edit') && <RowAction label={t.edit} onClick={onEdit} />}
      {extra
        .filter((action) => action.visible?.(row) ?? true)
        .map((action) => (
          <RowAction
            key={action.id}
            label={action.label}
            danger={action.danger}
            onClick={() => onExtra(action)}
          />
        ))}
      {offers('delete') && <RowAction label={t.delete} danger onClick={onDelete} />}
    </>
  );
}

export interface CrudListViewProps<Row extends ModuleRecord> {
  list: CrudListController<Row>;
  /** Buttons shown left of the search box (新增, 回收站, 导入/导出). */
  toolbar?: ReactNode;
  onView?: (row: Row) => void;
  onEdit?: (row: Row) => void;
  /** The screen's own row buttons. */
  rowActions?: readonly RowActionDefinition<Row>[];
  /** Per-field changes to the generated columns (header, cell, hidden). */
  columns?: ColumnOverrides<Row>;
  /** Which built-in row buttons a row offers (all permitted ones when absent). */
  rowAllows?: RowAllows<Row>;
  /**
   * Row selection with bulk 删除 / 启用 / 禁用 and the screen's `bulk` row actions, for the user
   * who may do them to one row. On wherever there is one to offer; `false` turns it off.
   */
  bulk?: boolean;
}

/** A row action's guard: the user may make its call, the route permits its action and the user holds its key. */
export function rowActionAllowed(
  module: Pick<ModuleDefinition, 'route'>,
  action: Pick<RowActionDefinition, 'permission' | 'call'>,
): boolean {
  if (action.call && !canCall(action.call)) return false;
  if (!action.permission) return true;
  return (
    actionPermitted(module.route, action.permission.action) &&
    hasPermissionKey(action.permission.key)
  );
}

/**
 * A filter picks one value or none: choice controls (Switch, radio, checkbox) become a
 * clearable select over the same options, so "any" stays expressible.
 */
function filterControl(field: FieldDefinition): FieldDefinition['cf_control'] {
  const isChoice = ['Switch', 'radio', 'checkbox'].includes(field.cf_control);
  return isChoice && field.optionData?.length ? 'select' : field.cf_control;
}

function SearchBar<Row extends ModuleRecord>({ list }: { list: CrudListController<Row> }) {
  const { module } = list;
  return (
    <form
      className="crud-list__search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        list.search();
      }}
    >
      {module.searchFields.map((field) => {
        const control = filterControl(field);
        const id = `crud-filter-${module.key}-${field.cf_fieldname}`;
        return (
          <span key={field.cf_fieldname} className="crud-list__filter">
            <label htmlFor={id}>{field.cf_name}</label>
            <FilterControl
              control={control}
              field={{ ...field, cf_control: control, cf_validate: undefined }}
              id={id}
              value={list.filterDraft[field.cf_fieldname] ?? null}
              onChange={(value) => list.setFilter(field.cf_fieldname, value)}
              onBlur={() => undefined}
              invalid={false}
            />
          </span>
        );
      })}
      <KeywordSearch
        keyword={list.keywordDraft}
        onKeywordChange={list.setKeywordDraft}
        onReset={list.resetSearch}
      />
    </form>
  );
}

/** The list screen's table: server paging, search, formatted columns, guarded row actions. */
export function CrudListView<Row extends ModuleRecord>({
  list,
  toolbar,
  onView,
  onEdit,
  rowActions = [],
  columns,
  rowAllows = () => true,
  bulk = true,
}: CrudListViewProps<Row>) {
  const { module } = list;
  const [selected, setSelected] = useState<Row[]>([]);
  // Only rows of the page shown stay selected (a new page or search leaves the others).
  const shownIds = new Set(list.rows.map((row) => String(list.idOf(row))));
  const selection = selected.filter((row) => shownIds.has(String(list.idOf(row))));
  const viewSettings = useListSettings(module.key);
  const canEditInline = list.can('updatefield');
  const canToggle = list.can('disable');
  const builtIn = {
    view: Boolean(onView) && list.can('view'),
    edit: Boolean(onEdit) && list.can('edit'),
    delete: list.can('delete'),
  };
  const extra = rowActions.filter((action) => rowActionAllowed(module, action));
  const hasActions = Object.values(builtIn).some(Boolean) || extra.length > 0;
  const screenBulk = extra.flatMap((action) =>
    action.bulk ? [{ action, bulk: action.bulk }] : [],
  );
  const canBulk = bulk && (list.can('delete') || list.can('disable') || screenBulk.length > 0);

  return (
    <div className="crud-list">
      <div className="crud-list__toolbar">
        <div className="crud-list__buttons">
          {toolbar}
          <ListSettingsButton
            columns={choosableColumns(module.columns, columns)}
            controller={viewSettings}
          />
          {canBulk && selection.length > 0 && (
            <LazyBulkActions
              module={module}
              ids={selection.map(list.idOf)}
              extra={screenBulk.map(({ action, bulk: { run, ...words } }) => ({
                id: action.id,
                danger: action.danger,
                ...words,
                calls: selection
                  .filter((row) => action.visible?.(row) ?? true)
                  .map((row) => () => run(row, list.idOf(row))),
              }))}
              can={list.can}
              ask={list.ask}
              onClear={() => setSelected([])}
            />
          )}
        </div>
        <SearchBar list={list} />
      </div>
      <CrudTable
        module={module}
        rows={list.rows}
        total={list.total}
        paging={list.paging}
        loading={list.isFetching || list.isMutating}
        emptyMessage={t.emptyList}
        loadFailure={
          list.isError ? <LoadFailure error={list.loadError} onRetry={list.retry} /> : undefined
        }
        onToggle={canToggle ? (row, on) => void list.toggleStatus(row, on) : undefined}
        onCellEdit={
          canEditInline
            ? (row, field, value) => void list.updateField(row, field, value)
            : undefined
        }
        columnOverrides={columns}
        hiddenColumns={viewSettings.settings.hidden}
        size={viewSettings.settings.density}
        sort={list.sort}
        onSort={list.setSort}
        selection={canBulk ? { rows: selection, onChange: setSelected } : undefined}
        actions={
          hasActions
            ? (row) => (
                <RowButtons
                  row={row}
                  offers={(action) => builtIn[action] && rowAllows(action, row)}
                  onView={() => onView?.(row)}
                  onEdit={() => onEdit?.(row)}
                  onDelete={() => list.askDelete(row)}
                  extra={extra}
                  onExtra={(action) => action.onClick(row, list)}
                />
              )
            : undefined
        }
      />
      <PendingConfirmDialog tagKey="crud-list" question={list} />
    </div>
  );
}

export interface CrudListProps<Row extends ModuleRecord>
  extends Omit<CrudListViewProps<Row>, 'list'>,
    Pick<CrudListOptions, 'inAddress'> {
  module: ModuleDefinition<Row>;
  source?: 'list' | 'mylist';
}

/** A self-contained list (own controller); CrudPage uses the view with a shared controller. */
export function CrudList<Row extends ModuleRecord>({
  module,
  source,
  inAddress,
  ...props
}: CrudListProps<Row>) {
  const list = useCrudList(module, { source, inAddress });
  return <CrudListView list={list} {...props} />;
}
