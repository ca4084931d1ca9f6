/**
 * The table block (written by hand: the published table tool has no merged cells). Cells are
 * editable in place; a drag or shift-click selects a rectangle; the block's own table-editing
 * bar (./table-bar.ts) inserts and deletes rows and columns, merges and splits cells, toggles
 * the header row and the header column (a chart needs both), sorts (refused once cells are
 * merged) and asks for a chart from the table.
 */
import type { API, BlockTool, BlockToolConstructorOptions } from '@editorjs/editorjs';
import { editorUi } from '@/locale/editor-ui';
import type { TableCell, TableData } from '../model/blocks';
import { renderTableBar, type Slot, type TableBarTarget } from './table-bar';
import { TABLE_CHART_EVENT, isTableData, type TableChartDetail } from './table-data';
import { hasHeaderColumn, mergeCells, setHeaderColumn, setHeadings } from './table-grid';
import {
  createTable,
  hasMergedCells,
  normalizeRect,
  toMatrix,
  type CellRect,
} from './table-matrix';
import { sortByColumn } from './table-sort';

const t = editorUi.table;

export class TableTool implements BlockTool, TableBarTarget {
  static get toolbox() {
    return {
      title: 'Table',
      icon: '<svg width="17" height="15" viewBox="0 0 17 15"><path fill="currentColor" d="M1 1h15v13H1zM2 2v3h4V2zm5 0v3h4V2zm5 0v3h3V2zM2 6v3h4V6zm5 0v3h4V6zm5 0v3h3V6zM2 10v3h4v-3zm5 0v3h4v-3zm5 0v3h3v-3z"/></svg>',
    };
  }

  static get enableLineBreaks() {
    return true;
  }

  static get isReadOnlySupported() {
    return true;
  }

  private data: TableData;
  private readonly api: API;
  private readonly readOnly: boolean;
  private readonly blockId: string;
  private wrapper: HTMLDivElement | undefined;
  private tableEl: HTMLTableElement | undefined;
  private anchor: Slot | undefined;
  private focus: Slot | undefined;
  private dragging = false;

  constructor({ data, api, readOnly, block }: BlockToolConstructorOptions<TableData>) {
    this.data = isTableData(data) ? data : createTable();
    this.api = api;
    this.readOnly = readOnly;
    this.blockId = block?.id ?? '';
  }

  render(): HTMLElement {
    const wrapper = document.createElement('div');
    wrapper.className = 're-table';
    this.wrapper = wrapper;
    if (!this.readOnly) {
      const { bar, sortButtons } = renderTableBar(this);
      this.sortButtons = sortButtons;
      wrapper.append(bar);
    }
    this.drawTable();
    document.addEventListener('mouseup', this.stopDrag);
    return wrapper;
  }

  destroy(): void {
    document.removeEventListener('mouseup', this.stopDrag);
  }

  save(): TableData {
    this.readCells();
    return this.data;
  }

  validate(data: TableData): boolean {
    return data.rows.length > 0;
  }

  /** The current data, for the chart dialog (exposed for tests too). */
  current(): TableData {
    this.readCells();
    return this.data;
  }

  private stopDrag = () => {
    this.dragging = false;
  };

  private sortButtons: HTMLButtonElement[] = [];

  private updateSortButtons() {
    const merged = hasMergedCells(this.data.rows);
    for (const button of this.sortButtons) {
      button.disabled = merged;
      if (merged) button.title = t.sortDisabled;
      else button.title = button.getAttribute('aria-label') ?? '';
    }
  }

  private spanOf(slot: Slot): { rows: number; cols: number } {
    const matrix = toMatrix(this.data.rows);
    const cell = matrix[slot.row]?.[slot.col];
    let rows = 1;
    while (matrix[slot.row + rows]?.[slot.col] === cell) rows += 1;
    let cols = 1;
    while (matrix[slot.row]?.[slot.col + cols] === cell) cols += 1;
    return { rows, cols };
  }

  private drawTable() {
    const wrapper = this.wrapper;
    if (!wrapper) return;
    const table = document.createElement('table');
    table.className = 're-table__table';
    const body = document.createElement('tbody');
    const matrix = toMatrix(this.data.rows);
    const seen = new Set<TableCell>();
    matrix.forEach((slots, r) => {
      const tr = document.createElement('tr');
      slots.forEach((cell, c) => {
        if (seen.has(cell)) return;
        seen.add(cell);
        const el = document.createElement(cell.header ? 'th' : 'td');
        let colspan = 1;
        while (slots[c + colspan] === cell) colspan += 1;
        let rowspan = 1;
        while (matrix[r + rowspan]?.[c] === cell) rowspan += 1;
        if (colspan > 1) el.colSpan = colspan;
        if (rowspan > 1) el.rowSpan = rowspan;
        el.dataset.row = String(r);
        el.dataset.col = String(c);
        el.setAttribute('aria-label', t.cell(r + 1, c + 1));
        if (!this.readOnly) el.contentEditable = 'true';
        // Cell HTML comes from the codec, which sanitised it.
        el.innerHTML = cell.html;
        tr.append(el);
      });
      body.append(tr);
    });
    table.append(body);
    if (!this.readOnly) this.listen(table);
    this.tableEl?.remove();
    this.tableEl = table;
    wrapper.append(table);
    this.updateSortButtons();
  }

  private listen(table: HTMLTableElement) {
    const slotOf = (target: EventTarget | null): Slot | undefined => {
      const el = target instanceof Element ? target.closest<HTMLElement>('td,th') : null;
      if (!el || !table.contains(el)) return undefined;
      return { row: Number(el.dataset.row), col: Number(el.dataset.col) };
    };
    table.addEventListener('mousedown', (event) => {
      const slot = slotOf(event.target);
      if (!slot) return;
      if (event.shiftKey && this.anchor) {
        this.focus = slot;
        event.preventDefault();
      } else {
        this.anchor = slot;
        this.focus = slot;
        this.dragging = true;
      }
      this.highlight();
    });
    table.addEventListener('mouseover', (event) => {
      if (!this.dragging) return;
      const slot = slotOf(event.target);
      if (!slot) return;
      this.focus = slot;
      this.highlight();
    });
    table.addEventListener('focusin', (event) => {
      const slot = slotOf(event.target);
      if (slot && !this.dragging && !this.focus) {
        this.anchor = slot;
        this.focus = slot;
      }
    });
  }

  private selection(): CellRect | undefined {
    if (!this.anchor || !this.focus) return undefined;
    return normalizeRect({
      top: this.anchor.row,
      left: this.anchor.col,
      bottom: this.focus.row,
      right: this.focus.col,
    });
  }

  private highlight() {
    const rect = this.selection();
    this.tableEl?.querySelectorAll<HTMLElement>('td,th').forEach((el) => {
      const r = Number(el.dataset.row);
      const c = Number(el.dataset.col);
      const on =
        !!rect &&
        (rect.top !== rect.bottom || rect.left !== rect.right) &&
        r >= rect.top &&
        r <= rect.bottom &&
        c >= rect.left &&
        c <= rect.right;
      el.classList.toggle('is-selected', on);
    });
  }

  /** Reads the cells' edited HTML back into the data. */
  private readCells() {
    const table = this.tableEl;
    if (!table) return;
    const rows: TableCell[][] = [];
    table.querySelectorAll('tr').forEach((tr) => {
      const row: TableCell[] = [];
      tr.querySelectorAll<HTMLTableCellElement>('td,th').forEach((el) => {
        const cell: TableCell = { html: el.innerHTML };
        if (el.colSpan > 1) cell.colspan = el.colSpan;
        if (el.rowSpan > 1) cell.rowspan = el.rowSpan;
        if (el.tagName === 'TH') cell.header = true;
        row.push(cell);
      });
      rows.push(row);
    });
    this.data = { ...this.data, rows };
  }

  private change(next: TableData | undefined) {
    if (!next) return;
    this.data = next;
    this.anchor = undefined;
    this.focus = undefined;
    this.drawTable();
    this.api.blocks.getById(this.blockId)?.dispatchChange();
  }

  withCell(op: (data: TableData, slot: Slot, span: { rows: number; cols: number }) => TableData) {
    this.readCells();
    const slot = this.focus ?? this.anchor;
    if (!slot) return;
    this.change(op(this.data, slot, this.spanOf(slot)));
  }

  mergeSelection() {
    this.readCells();
    const rect = this.selection();
    if (!rect) return;
    this.change(mergeCells(this.data, rect));
  }

  toggleHeadings() {
    // What was typed since the last save is read first, or the redraw would drop it.
    this.readCells();
    this.change(setHeadings(this.data, !this.data.withHeadings));
  }

  toggleHeaderColumn() {
    this.readCells();
    this.change(setHeaderColumn(this.data, !hasHeaderColumn(this.data)));
  }

  remove() {
    this.api.blocks.delete(this.api.blocks.getBlockIndex(this.blockId));
  }

  sort(descending: boolean) {
    this.readCells();
    const slot = this.focus ?? this.anchor ?? { row: 0, col: 0 };
    const sorted = sortByColumn(this.data, slot.col, descending);
    if (!sorted) {
      this.api.notifier.show({ message: t.sortDisabled, style: 'error' });
      return;
    }
    this.change(sorted);
  }

  askChart() {
    this.readCells();
    const detail: TableChartDetail = { blockId: this.blockId, table: this.data };
    this.wrapper?.dispatchEvent(new CustomEvent(TABLE_CHART_EVENT, { bubbles: true, detail }));
  }
}
