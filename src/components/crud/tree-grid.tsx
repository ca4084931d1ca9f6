/**
 * The tree screens' table: records as a treegrid drawn with PrimeReact TreeTable's classes (the
 * theme draws it as one) but as plain elements — TreeTable resolved its pass-through options for
 * every cell and took ≈ 0.7–1 s to open a province of 80 cities (README, bench:ui). As TreeTable
 * did: each row says its level, place and state (aria-level, aria-posinset, aria-setsize,
 * aria-expanded); ↓ / ↑ move between rows, → opens a row, ← closes it or goes to its parent,
 * Home / End go to the first / last row of its level; the toggle is a named button. With
 * `selection`, a first column of boxes chooses rows for the bulk actions (the header's box: every
 * row shown).
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { ChevronDownIcon } from 'primereact/icons/chevrondown';
import { ChevronRightIcon } from 'primereact/icons/chevronright';
import { crudTree } from '@/locale/crud-tree';
import { RowCheckbox } from './cell-widgets';
import { HeaderCell, LoadingMask } from './table-parts';
import type { RecordNode } from './tree-rows';
import type { ListSort } from './use-crud-list';
import type { ModuleRecord } from './module-definition';

export interface TreeGridColumn {
  field: string;
  header: string;
  sortable: boolean;
}

export interface TreeGridProps<Row extends ModuleRecord, Column extends TreeGridColumn> {
  nodes: RecordNode<Row>[];
  expandedKeys: Readonly<Record<string, boolean>>;
  onToggle: (keys: Record<string, boolean>) => void;
  columns: readonly Column[];
  /** The column whose cells carry the toggle. */
  expander?: string;
  cell: (column: Column, node: RecordNode<Row>) => ReactNode;
  /** The 操作 column's header and cells. */
  actionsHeader: string;
  actions: (node: RecordNode<Row>) => ReactNode;
  sort: ListSort | null;
  onSort: (sort: ListSort | null) => void;
  loading: boolean;
  /** Shown when there is no row: 暂无数据, or a failed load with 重试. */
  emptyMessage: ReactNode;
  className: string;
  label: string;
  /** Rows chosen for the bulk actions, by node key; no selection column when absent. */
  selection?: {
    keys: ReadonlySet<string>;
    onChange: (keys: Set<string>) => void;
  };
}

interface ShownRow<Row extends ModuleRecord> {
  node: RecordNode<Row>;
  level: number;
  position: number;
  siblings: number;
}

/** The rows shown: every root, and the children of every expanded node, in order. */
function shownRows<Row extends ModuleRecord>(
  nodes: readonly RecordNode<Row>[],
  expanded: Readonly<Record<string, boolean>>,
  level = 1,
  into: ShownRow<Row>[] = [],
): ShownRow<Row>[] {
  nodes.forEach((node, index) => {
    into.push({ node, level, position: index + 1, siblings: nodes.length });
    if (expanded[node.key] && node.children) shownRows(node.children, expanded, level + 1, into);
  });
  return into;
}

const opens = (node: RecordNode) => node.leaf === false || Boolean(node.children?.length);

/** Moves focus from a row to another one (rows are focusable, as TreeTable's were). */
function focusRow(row: Element | null | undefined) {
  if (row instanceof HTMLElement) row.focus();
}

export function TreeGrid<Row extends ModuleRecord, Column extends TreeGridColumn>({
  nodes,
  expandedKeys,
  onToggle,
  columns,
  expander = columns[0]?.field,
  cell,
  actionsHeader,
  actions,
  sort,
  onSort,
  loading,
  emptyMessage,
  className,
  label,
  selection,
}: TreeGridProps<Row, Column>) {
  const rows = shownRows(nodes, expandedKeys);
  const allShownSelected =
    rows.length > 0 && rows.every(({ node }) => selection?.keys.has(node.key) === true);
  const choose = (keys: readonly string[], on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.keys);
    for (const key of keys) {
      if (on) next.add(key);
      else next.delete(key);
    }
    selection.onChange(next);
  };
  const toggle = (key: string, open: boolean) => {
    const keys = { ...expandedKeys };
    if (open) keys[key] = true;
    else delete keys[key];
    onToggle(keys);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, shown: ShownRow<Row>) => {
    // Keys typed into a control of the row (an edited cell, a switch) are that control's.
    if (event.target !== event.currentTarget) return;
    const row = event.currentTarget;
    const expanded = Boolean(expandedKeys[shown.node.key]);
    const ofLevel = () => [
      ...(row.parentElement?.querySelectorAll(`:scope > tr[aria-level="${shown.level}"]`) ?? []),
    ];
    switch (event.key) {
      case 'ArrowDown':
        focusRow(row.nextElementSibling);
        break;
      case 'ArrowUp':
        focusRow(row.previousElementSibling);
        break;
      case 'ArrowRight':
        if (opens(shown.node) && !expanded) toggle(shown.node.key, true);
        break;
      case 'ArrowLeft': {
        if (opens(shown.node) && expanded) {
          toggle(shown.node.key, false);
          break;
        }
        let parent = row.previousElementSibling;
        while (parent && Number(parent.getAttribute('aria-level')) >= shown.level)
          parent = parent.previousElementSibling;
        focusRow(parent);
        break;
      }
      case 'Home':
        focusRow(ofLevel()[0]);
        break;
      case 'End':
        focusRow(ofLevel().at(-1));
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div className={`p-treetable p-component ${className}`}>
      {loading && (
        <div className="p-treetable-loading">
          <LoadingMask kind="treetable" />
        </div>
      )}
      <div className="p-treetable-wrapper">
        {/* A table is a treegrid's native element in the ARIA authoring practices' example; the
            rule knows only the plain table role. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-to-interactive-role */}
        <table role="treegrid" className="p-treetable-table" aria-label={label}>
          <thead className="p-treetable-thead">
            <tr>
              {selection && (
                <th className="p-selection-column crud-table__select">
                  <RowCheckbox
                    checked={allShownSelected}
                    label={crudTree.selectShown}
                    onChange={(on) =>
                      choose(
                        rows.map(({ node }) => node.key),
                        on,
                      )
                    }
                  />
                </th>
              )}
              {columns.map((column) => (
                <HeaderCell
                  key={column.field}
                  field={column.field}
                  title={column.header}
                  sort={sort}
                  onSort={column.sortable ? onSort : undefined}
                />
              ))}
              <HeaderCell title={actionsHeader} className="crud-list__actions-cell" />
            </tr>
          </thead>
          <tbody className="p-treetable-tbody">
            {rows.length === 0 && (
              <tr className="p-treetable-emptymessage">
                <td role="gridcell" colSpan={columns.length + (selection ? 2 : 1)}>
                  {emptyMessage}
                </td>
              </tr>
            )}
            {rows.map((shown) => {
              const { node, level } = shown;
              const expanded = Boolean(expandedKeys[node.key]);
              return (
                <tr
                  key={node.key}
                  tabIndex={0}
                  aria-expanded={opens(node) ? expanded : undefined}
                  aria-level={level}
                  aria-posinset={shown.position}
                  aria-setsize={shown.siblings}
                  onKeyDown={(event) => onKeyDown(event, shown)}
                >
                  {selection && (
                    <td role="gridcell" className="p-selection-column crud-table__select">
                      <RowCheckbox
                        checked={selection.keys.has(node.key)}
                        label={crudTree.selectRow}
                        onChange={(on) => choose([node.key], on)}
                      />
                    </td>
                  )}
                  {columns.map((column) => (
                    <td key={column.field} role="gridcell">
                      {column.field === expander && (
                        <button
                          type="button"
                          className="p-treetable-toggler p-link p-unselectable-text"
                          tabIndex={-1}
                          aria-label={expanded ? crudTree.collapse : crudTree.expand}
                          style={{
                            marginLeft: `${(level - 1) * 16}px`,
                            visibility: opens(node) ? 'visible' : 'hidden',
                          }}
                          onClick={() => toggle(node.key, !expanded)}
                        >
                          {expanded ? (
                            <ChevronDownIcon className="p-treetable-toggler-icon" aria-hidden />
                          ) : (
                            <ChevronRightIcon className="p-treetable-toggler-icon" aria-hidden />
                          )}
                        </button>
                      )}
                      {cell(column, node)}
                    </td>
                  ))}
                  <td role="gridcell" className="crud-list__actions-cell">
                    {actions(node)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
