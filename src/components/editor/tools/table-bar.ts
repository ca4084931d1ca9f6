/**
 * The table block's own editing bar (表格编辑), a table of commands like the editor's toolbar:
 * name, label, icon and what each asks of its table. Buttons keep the caret in the cell the
 * command is about (mousedown takes no focus); the table turns the sort buttons off while cells
 * are merged.
 */
import { editorToolbar as tb } from '@/locale/editor';
import { editorUi } from '@/locale/editor-ui';
import type { TableData } from '../model/blocks';
import { deleteColumn, deleteRow, insertColumn, insertRow, splitCell } from './table-grid';

const t = editorUi.table;

/** A cell's place in the grid (a merged cell is at its top-left slot). */
export interface Slot {
  row: number;
  col: number;
}

/** What the bar asks of its table block (./table-tool.ts). */
export interface TableBarTarget {
  /** Edits the table at the cell holding the caret: its slot, and the rows and columns it spans. */
  withCell(
    op: (data: TableData, slot: Slot, span: { rows: number; cols: number }) => TableData,
  ): void;
  mergeSelection(): void;
  toggleHeadings(): void;
  toggleHeaderColumn(): void;
  sort(descending: boolean): void;
  askChart(): void;
  remove(): void;
}

interface BarCommand {
  name: string;
  label: string;
  icon: string;
  run: (table: TableBarTarget) => void;
}

const BAR: readonly BarCommand[] = [
  {
    name: 'row-above',
    label: tb.insertRow,
    icon: 'pi-arrow-up',
    run: (x) => x.withCell((data, slot) => insertRow(data, slot.row)),
  },
  {
    name: 'row-below',
    label: tb.insertRowAfter,
    icon: 'pi-arrow-down',
    run: (x) => x.withCell((data, slot, span) => insertRow(data, slot.row + span.rows)),
  },
  {
    name: 'col-left',
    label: tb.insertCol,
    icon: 'pi-arrow-left',
    run: (x) => x.withCell((data, slot) => insertColumn(data, slot.col)),
  },
  {
    name: 'col-right',
    label: tb.insertColAfter,
    icon: 'pi-arrow-right',
    run: (x) => x.withCell((data, slot, span) => insertColumn(data, slot.col + span.cols)),
  },
  {
    name: 'delete-row',
    label: tb.deleteRow,
    icon: 'pi-minus',
    run: (x) => x.withCell((data, slot) => deleteRow(data, slot.row)),
  },
  {
    name: 'delete-col',
    label: tb.deleteCol,
    icon: 'pi-minus-circle',
    run: (x) => x.withCell((data, slot) => deleteColumn(data, slot.col)),
  },
  { name: 'merge', label: tb.mergeCells, icon: 'pi-table', run: (x) => x.mergeSelection() },
  {
    name: 'split',
    label: tb.splitCells,
    icon: 'pi-th-large',
    run: (x) => x.withCell((data, slot) => splitCell(data, slot.row, slot.col)),
  },
  { name: 'heading', label: t.heading, icon: 'pi-bookmark', run: (x) => x.toggleHeadings() },
  {
    name: 'heading-column',
    label: t.headingColumn,
    icon: 'pi-bookmark-fill',
    run: (x) => x.toggleHeaderColumn(),
  },
  { name: 'sort-asc', label: t.sortAsc, icon: 'pi-sort-amount-up', run: (x) => x.sort(false) },
  { name: 'sort-desc', label: t.sortDesc, icon: 'pi-sort-amount-down', run: (x) => x.sort(true) },
  { name: 'chart', label: tb.chart, icon: 'pi-chart-bar', run: (x) => x.askChart() },
  { name: 'delete', label: tb.deleteTable, icon: 'pi-trash', run: (x) => x.remove() },
];

const SORTS = new Set(['sort-asc', 'sort-desc']);

/** The bar's element, and its sort buttons (turned off while cells are merged). */
export function renderTableBar(table: TableBarTarget): {
  bar: HTMLElement;
  sortButtons: HTMLButtonElement[];
} {
  const bar = document.createElement('div');
  bar.className = 're-table__bar';
  bar.setAttribute('role', 'toolbar');
  bar.setAttribute('aria-label', t.toolbar);
  const sortButtons: HTMLButtonElement[] = [];
  for (const command of BAR) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `re-table__btn re-table__btn--${command.name}`;
    button.title = command.label;
    button.setAttribute('aria-label', command.label);
    button.innerHTML = `<i class="pi ${command.icon}" aria-hidden="true"></i>`;
    // Keeps the caret in the cell the command is about.
    button.addEventListener('mousedown', (event) => event.preventDefault());
    button.addEventListener('click', () => command.run(table));
    bar.append(button);
    if (SORTS.has(command.name)) sortButtons.push(button);
  }
  return { bar, sortButtons };
}
