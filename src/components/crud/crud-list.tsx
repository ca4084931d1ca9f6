import type { ReactNode } from 'react';
import type { ColumnEditorOptions, ColumnEvent, ColumnProps } from 'primereact/column';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { crud as t } from '@/locale/crud';
import { hasPermissionKey } from '@/lib/permissions';
import { CrudTable, RowAction, type ColumnOverrides } from './crud-table';
import { useCrudList, type CrudListController } from './use-crud-list';
import { actionPermitted } from './permission-keys';
import type { FieldDefinition } from '@/core/field-definition';
import type { ColumnDefinition, ModuleDefinition, ModuleRecord } from './module-definition';
import { FilterControl } from './filter-control';
import './crud.css';

/**
 * One extra row button a screen adds to a generated list (e.g. 重置密码, 菜单配置): shown
 * after 查看/编辑 and before 删除, and only when the route's `operate` list names
 * `permission.action` and the user holds `permission.key`.
 */
export interface RowActionDefinition {
  /** Unique among the screen's row actions. */
  id: string;
  label: string;
  danger?: boolean;
  permission?: { action: string; key: string };
  /** Rows that get the button (all when absent). */
  visible?: (row: ModuleRecord) => boolean;
  onClick: (row: ModuleRecord, list: CrudListController) => void;
}

export interface CrudListViewProps {
  list: CrudListController;
  /** Buttons shown left of the search box (新增, 回收站, 导入/导出). */
  toolbar?: ReactNode;
  onView?: (row: ModuleRecord) => void;
  onEdit?: (row: ModuleRecord) => void;
  /** The screen's own row buttons. */
  rowActions?: readonly RowActionDefinition[];
  /** Per-field changes to the generated columns (header, cell, hidden). */
  columns?: ColumnOverrides;
}

/** A row action's guard: the route permits its action and the user holds its key. */
function rowActionAllowed(module: ModuleDefinition, action: RowActionDefinition): boolean {
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

function SearchBar({ list }: { list: CrudListController }) {
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
      <InputText
        value={list.keywordDraft}
        placeholder={t.keywordPlaceholder}
        aria-label={t.keywordPlaceholder}
        onChange={(e) => list.setKeywordDraft(e.target.value)}
      />
      <Button type="submit" icon="pi pi-search" label={t.search} />
      <Button
        type="button"
        icon="pi pi-refresh"
        label={t.reset}
        outlined
        onClick={list.resetSearch}
      />
    </form>
  );
}

function cellEditor(options: ColumnEditorOptions) {
  return (
    <InputText
      autoFocus
      value={options.value == null ? '' : String(options.value)}
      aria-label={String(options.field)}
      onChange={(e) => options.editorCallback?.(e.target.value)}
    />
  );
}

/** The list screen's table: server paging, search, formatted columns, guarded row actions. */
export function CrudListView({
  list,
  toolbar,
  onView,
  onEdit,
  rowActions = [],
  columns,
}: CrudListViewProps) {
  const { module } = list;
  const canEditInline = list.can('updatefield');
  const canToggle = list.can('disable');
  const builtIn = {
    view: Boolean(onView) && list.can('view'),
    edit: Boolean(onEdit) && list.can('edit'),
    delete: list.can('delete'),
  };
  const extra = rowActions.filter((action) => rowActionAllowed(module, action));
  const hasActions = Object.values(builtIn).some(Boolean) || extra.length > 0;
  const cellEdit = (column: ColumnDefinition): Partial<ColumnProps> =>
    column.editable
      ? {
          editor: cellEditor,
          onCellEditComplete: (e: ColumnEvent) => {
            const row = e.rowData as ModuleRecord;
            if (String(e.newValue ?? '') !== String(row[column.field] ?? '')) {
              void list.updateField(row, column.field, e.newValue);
            }
          },
        }
      : {};

  return (
    <div className="crud-list">
      <div className="crud-list__toolbar">
        <div className="crud-list__buttons">{toolbar}</div>
        <SearchBar list={list} />
      </div>
      <CrudTable
        module={module}
        rows={list.rows}
        total={list.total}
        paging={list.paging}
        loading={list.isFetching || list.isMutating}
        emptyMessage={list.isError ? t.loadFailed : t.emptyList}
        onToggle={canToggle ? (row, on) => void list.toggleStatus(row, on) : undefined}
        cellEdit={canEditInline ? cellEdit : undefined}
        columnOverrides={columns}
        sort={list.sort}
        onSort={list.setSort}
        actions={
          hasActions
            ? (row) => (
                <>
                  {builtIn.view && <RowAction label={t.view} onClick={() => onView?.(row)} />}
                  {builtIn.edit && <RowAction label={t.edit} onClick={() => onEdit?.(row)} />}
                  {extra
                    .filter((action) => action.visible?.(row) ?? true)
                    .map((action) => (
                      <RowAction
                        key={action.id}
                        label={action.label}
                        danger={action.danger}
                        onClick={() => action.onClick(row, list)}
                      />
                    ))}
                  {builtIn.delete && (
                    <RowAction label={t.delete} danger onClick={() => list.askDelete(row)} />
                  )}
                </>
              )
            : undefined
        }
      />
      {/* A tagKey of its own: the app-wide confirmDialog() calls (e.g. 退出系统) open only the
          untagged dialog, never this one. */}
      <ConfirmDialog
        tagKey="crud-list"
        visible={list.pending !== null}
        header={t.confirmTitle}
        message={list.pending?.message}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t.confirmAccept}
        rejectLabel={t.confirmReject}
        accept={() => void list.acceptConfirm()}
        onHide={(result) => {
          if (result !== 'accept') list.dismissConfirm();
        }}
      />
    </div>
  );
}

export interface CrudListProps extends Omit<CrudListViewProps, 'list'> {
  module: ModuleDefinition;
  source?: 'list' | 'mylist';
}

/** A self-contained list (own controller); CrudPage uses the view with a shared controller. */
export function CrudList({ module, source, ...props }: CrudListProps) {
  const list = useCrudList(module, { source });
  return <CrudListView list={list} {...props} />;
}
