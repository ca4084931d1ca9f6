import type { ReactNode } from 'react';
import { Paginator, type PaginatorPageChangeEvent } from 'primereact/paginator';
import { crud as t } from '@/locale/crud';
import { CellView } from './cell-view';
import { RowCheckbox } from './cell-widgets';
import { EditableCell } from './editable-cell';
import { HeaderCell, LoadingMask } from './table-parts';
import { pageSizesFor, type ListSort, type Paging } from './use-crud-list';
import {
  recordIdOf,
  type ColumnDefinition,
  type ModuleDefinition,
  type ModuleRecord,
} from './module-definition';
import type { Density } from './list-settings';
import './crud-table.css';

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

/** PrimeReact's DataTable classes of the densities (列设置). */
const DENSITY_CLASS = { small: ' p-datatable-sm', normal: '', large: ' p-datatable-lg' } as const;

const PAGINATOR_TEMPLATE =
  'RowsPerPageDropdown FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport';

export interface CrudTableProps<Row extends ModuleRecord> {
  module: ModuleDefinition<Row>;
  rows: Row[];
  total: number;
  paging: Pick<Paging, 'first' | 'pagesize' | 'setPage'>;
  loading: boolean;
  emptyMessage: string;
  /** Switch cells toggle through this when given; read-only otherwise. */
  onToggle?: (row: Row, on: boolean) => void;
  /** In-place editing of the editable columns: called with the edited text when it changed. */
  onCellEdit?: (row: Row, field: string, value: string) => void;
  /** The row's action buttons (操作 column). */
  actions?: (row: Row) => ReactNode;
  columnOverrides?: ColumnOverrides<Row>;
  /** Fields the user hid (列设置); the selection and 操作 columns always show. */
  hiddenColumns?: readonly string[];
  /** Row density (列设置). */
  size?: Density;
  /** Server-side order: the sortable columns' headers set it (asc → desc → none). */
  sort?: ListSort | null;
  onSort?: (sort: ListSort | null) => void;
  /** Row selection (bulk actions): a checkbox column first when given. */
  selection?: { rows: Row[]; onChange: (rows: Row[]) => void };
  /**
   * Drawn in place of the rows and the paginator when the list could not be loaded: a failed
   * list is not an empty one (no 共 0 条).
   */
  loadFailure?: ReactNode;
}

/**
 * A module's rows on server-side pages, one column per ColumnDefinition drawn by CellView: a
 * real table with PrimeReact DataTable's classes (the theme draws it as one), PrimeReact's
 * paginator, and cells drawn as plain elements (table-parts.tsx says why).
 */
export function CrudTable<Row extends ModuleRecord>({
  module,
  rows,
  total,
  paging,
  loading,
  emptyMessage,
  onToggle,
  onCellEdit,
  actions,
  columnOverrides = {},
  hiddenColumns = [],
  size = 'normal',
  sort,
  onSort,
  selection,
  loadFailure,
}: CrudTableProps<Row>) {
  const columns = module.columns.filter(
    (column) => !columnOverrides[column.field]?.hidden && !hiddenColumns.includes(column.field),
  );
  const keyOf = (row: Row) => String(recordIdOf(row, module.primaryKey));
  const selected = new Set(selection?.rows.map(keyOf));
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(keyOf(row)));
  const select = (row: Row, on: boolean) =>
    selection?.onChange(
      on ? [...selection.rows, row] : selection.rows.filter((other) => keyOf(other) !== keyOf(row)),
    );
  const width = columns.length + (selection ? 1 : 0) + (actions ? 1 : 0);

  const cell = (column: ColumnDefinition, row: Row) => {
    const override = columnOverrides[column.field];
    if (override?.body) return override.body(row);
    if (column.editable && onCellEdit)
      return (
        <EditableCell
          column={column}
          row={row}
          onSave={(value) => onCellEdit(row, column.field, value)}
        />
      );
    return (
      <CellView
        column={column}
        row={row}
        onToggle={onToggle ? (on) => onToggle(row, on) : undefined}
      />
    );
  };

  return (
    <div
      className={`crud-table p-datatable p-component p-datatable-scrollable p-datatable-striped${DENSITY_CLASS[size]}`}
    >
      {loading && <LoadingMask kind="datatable" />}
      <div className="p-datatable-wrapper">
        <table className="p-datatable-table p-datatable-scrollable-table">
          <thead className="p-datatable-thead">
            <tr>
              {selection && (
                <th className="p-selection-column crud-table__select">
                  <RowCheckbox
                    checked={allSelected}
                    label={t.selectPage}
                    onChange={(on) => selection.onChange(on ? rows : [])}
                  />
                </th>
              )}
              {columns.map((column) => (
                <HeaderCell
                  key={column.field}
                  field={column.field}
                  title={columnOverrides[column.field]?.header ?? column.header}
                  sort={sort}
                  onSort={column.sortable ? onSort : undefined}
                />
              ))}
              {actions && (
                <HeaderCell title={t.actions} className="crud-list__actions-cell p-frozen-column" />
              )}
            </tr>
          </thead>
          <tbody className="p-datatable-tbody">
            {(loadFailure || rows.length === 0) && (
              <tr className="p-datatable-emptymessage">
                <td colSpan={width}>{loadFailure ?? emptyMessage}</td>
              </tr>
            )}
            {!loadFailure &&
              rows.map((row, index) => {
                const isSelected = selected.has(keyOf(row));
                const classes = `${index % 2 ? 'p-row-odd' : ''}${isSelected ? ' p-highlight' : ''}`;
                return (
                  <tr key={keyOf(row)} className={classes || undefined}>
                    {selection && (
                      <td className="p-selection-column crud-table__select">
                        <RowCheckbox
                          checked={isSelected}
                          label={t.selectRow}
                          onChange={(on) => select(row, on)}
                        />
                      </td>
                    )}
                    {columns.map((column) => (
                      <td
                        key={column.field}
                        className={column.editable && onCellEdit ? 'p-editable-column' : undefined}
                      >
                        {cell(column, row)}
                      </td>
                    ))}
                    {actions && (
                      <td className="crud-list__actions-cell p-frozen-column">
                        <span className="crud-list__actions">{actions(row)}</span>
                      </td>
                    )}
                  </tr>
                );
              })}
          </tbody>
        </table>
      </div>
      {!loadFailure && (
        <Paginator
          className="p-paginator-bottom"
          first={paging.first}
          rows={paging.pagesize}
          totalRecords={total}
          rowsPerPageOptions={pageSizesFor(module)}
          template={PAGINATOR_TEMPLATE}
          currentPageReportTemplate={t.pageReport}
          onPageChange={(e: PaginatorPageChangeEvent) => paging.setPage(e.first, e.rows)}
        />
      )}
    </div>
  );
}

/**
 * One row action: a small text button drawn with the theme's button classes. A page mounts up
 * to 320 of them, and PrimeReact's Button (pass-through options, icon handling) made ≈ 7 % of
 * growing 公告管理 to 50 rows; this one looks and reads the same (its text is its accessible name).
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
