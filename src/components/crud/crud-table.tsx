import type { ReactNode } from 'react';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { Column, type ColumnProps } from 'primereact/column';
import { crud as t } from '@/locale/crud';
import { CellView } from './cell-view';
import { PAGE_SIZES, type ListSort, type Paging } from './use-crud-list';
import type { ColumnDefinition, ModuleDefinition, ModuleRecord } from './module-definition';
import type { Density } from './list-settings';
import './crud-table.css';

/**
 * The selection checkboxes are their inner <input type="checkbox">, named in Chinese for what
 * they do; PrimeReact also marks the wrapper a checkbox (no aria-checked, the input nested in
 * it), which assistive technology would meet as a second, broken control.
 */
const SELECTION_CHECKBOXES: ColumnProps['pt'] = {
  rowCheckbox: {
    root: { role: 'none', 'aria-label': undefined },
    input: { 'aria-label': t.selectRow },
  },
  headerCheckbox: {
    root: { role: 'none', 'aria-label': undefined },
    input: { 'aria-label': t.selectPage },
  },
};

/** A screen's change to one generated column; `body` gets the module's own row type. */
export interface ColumnOverride<Row extends ModuleRecord = ModuleRecord> {
  header?: string;
  hidden?: boolean;
  /** Draws the cell instead of the column format. */
  body?: (row: Row) => ReactNode;
}

/** Column overrides by field name. */
export type ColumnOverrides<Row extends ModuleRecord = ModuleRecord> = Readonly<
  Record<string, ColumnOverride<Row>>
>;

/** A sort event of PrimeReact's tables as the list's order: asc → desc → none. */
export function sortOf(
  field: string | undefined,
  order: number | null | undefined,
): ListSort | null {
  return field && order ? { field, order: order === 1 ? 'asc' : 'desc' } : null;
}

export interface CrudTableProps<Row extends ModuleRecord> {
  module: ModuleDefinition<Row>;
  rows: Row[];
  total: number;
  paging: Pick<Paging, 'first' | 'pagesize' | 'setPage'>;
  loading: boolean;
  emptyMessage: string;
  /** Switch cells toggle through this when given; read-only otherwise. */
  onToggle?: (row: Row, on: boolean) => void;
  /** In-place editing: the table's cell edit mode and each column's editor props. */
  cellEdit?: (column: ColumnDefinition) => Partial<ColumnProps>;
  /** The row's action buttons (操作 column). */
  actions?: (row: Row) => ReactNode;
  columnOverrides?: ColumnOverrides<Row>;
  /** Fields the user hid (列设置); the selection and 操作 columns always show. */
  hiddenColumns?: readonly string[];
  /** Row density (列设置): PrimeReact's table size. */
  size?: Density;
  /** Server-side order: the sortable columns' headers set it (asc → desc → none). */
  sort?: ListSort | null;
  onSort?: (sort: ListSort | null) => void;
  /** Row selection (bulk actions): a checkbox column first when given. */
  selection?: { rows: Row[]; onChange: (rows: Row[]) => void };
}

/** A module's rows on server-side pages, one column per ColumnDefinition drawn by CellView. */
export function CrudTable<Row extends ModuleRecord>({
  module,
  rows,
  total,
  paging,
  loading,
  emptyMessage,
  onToggle,
  cellEdit,
  actions,
  columnOverrides = {},
  hiddenColumns = [],
  size = 'normal',
  sort,
  onSort,
  selection,
}: CrudTableProps<Row>) {
  const columns = module.columns.filter(
    (column) => !columnOverrides[column.field]?.hidden && !hiddenColumns.includes(column.field),
  );
  return (
    <DataTable
      value={rows}
      dataKey={module.primaryKey}
      lazy
      paginator
      first={paging.first}
      rows={paging.pagesize}
      totalRecords={total}
      rowsPerPageOptions={[...PAGE_SIZES]}
      paginatorTemplate="RowsPerPageDropdown FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
      currentPageReportTemplate={t.pageReport}
      onPage={(e: DataTableStateEvent) => paging.setPage(e.first, e.rows)}
      loading={loading}
      emptyMessage={emptyMessage}
      editMode={cellEdit ? 'cell' : undefined}
      sortField={sort?.field}
      sortOrder={sort ? (sort.order === 'asc' ? 1 : -1) : 0}
      removableSort
      onSort={(e: DataTableStateEvent) => onSort?.(sortOf(e.sortField, e.sortOrder))}
      scrollable
      stripedRows
      size={size}
      className="crud-table"
      selectionMode={selection ? 'checkbox' : null}
      selection={selection?.rows ?? []}
      onSelectionChange={(e: { value: Row[] }) => selection?.onChange(e.value)}
    >
      {selection && (
        <Column
          selectionMode="multiple"
          className="crud-table__select"
          headerClassName="crud-table__select"
          pt={SELECTION_CHECKBOXES}
        />
      )}
      {columns.map((column) => {
        const override = columnOverrides[column.field];
        return (
          <Column
            key={column.field}
            field={column.field}
            header={override?.header ?? column.header}
            sortable={Boolean(onSort && column.sortable)}
            body={(row: Row) =>
              override?.body ? (
                override.body(row)
              ) : (
                <CellView
                  column={column}
                  row={row}
                  onToggle={onToggle ? (on) => onToggle(row, on) : undefined}
                />
              )
            }
            {...cellEdit?.(column)}
          />
        );
      })}
      {actions && (
        <Column
          header={t.actions}
          frozen
          alignFrozen="right"
          className="crud-list__actions-cell"
          headerClassName="crud-list__actions-cell"
          body={(row: Row) => <span className="crud-list__actions">{actions(row)}</span>}
        />
      )}
    </DataTable>
  );
}

/**
 * One row action: a small text button drawn with the theme's button classes. A 50-row page
 * mounts up to 200 of them, and PrimeReact's Button (pass-through options, icon handling) made
 * ≈ 7 % of growing 公告管理 to 50 rows; this one looks and reads the same (its text is its
 * accessible name).
 */
export function RowAction({
  label,
  danger,
  onClick,
}: {
  label: string;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`p-button p-component p-button-text p-button-sm${danger ? ' p-button-danger' : ''}`}
      onClick={onClick}
    >
      <span className="p-button-label p-c">{label}</span>
    </button>
  );
}
