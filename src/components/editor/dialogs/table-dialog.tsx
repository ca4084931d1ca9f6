/**
 * 插入表格: a 10 × 10 grid that grows up to 20 × 20 as the pointer nears its edge, plus exact
 * column and row counts (at most 20 × 100). The grid, the "2列 × 5行" readout, the two counts and
 * 确认 share one chosen size: what the dialog reads is what it inserts.
 */
import { useId, useState } from 'react';
import { editorFields as f, editorToolbar } from '@/locale/editor';
import { EDITOR_LIMITS } from '../model/blocks';
import { DialogShell, NumberField, type DialogProps } from './dialog-shell';

const { tableDefault, tableMax } = EDITOR_LIMITS;
/** The picker starts at 10 × 10 and grows to 20 × 20. */
const GRID_START = 10;
const GRID_MAX = 20;

export function TableDialog({
  onSubmit,
  ...shell
}: DialogProps & { onSubmit: (cols: number, rows: number) => void }) {
  const id = useId();
  const [chosen, setChosen] = useState<{ cols: number; rows: number }>({ ...tableDefault });
  const [size, setSize] = useState({ cols: GRID_START, rows: GRID_START });
  const grow = (c: number, r: number) => {
    setChosen({ cols: c, rows: r });
    setSize((s) => ({
      cols: Math.min(GRID_MAX, Math.max(s.cols, c + 1)),
      rows: Math.min(GRID_MAX, Math.max(s.rows, r + 1)),
    }));
  };
  return (
    <DialogShell
      {...shell}
      header={editorToolbar.insertTable}
      width={560}
      onOk={() => onSubmit(chosen.cols, chosen.rows)}
    >
      <div
        className="re-tablepicker"
        style={{ gridTemplateColumns: `repeat(${size.cols}, 22px)` }}
        role="grid"
        aria-label={editorToolbar.insertTable}
      >
        {Array.from({ length: size.rows }, (_, r) =>
          Array.from({ length: size.cols }, (_, c) => (
            <button
              key={`${r}-${c}`}
              type="button"
              aria-label={f.tableSize(c + 1, r + 1)}
              className={c < chosen.cols && r < chosen.rows ? 'is-on' : undefined}
              onMouseEnter={() => grow(c + 1, r + 1)}
              onClick={() => onSubmit(c + 1, r + 1)}
            />
          )),
        )}
      </div>
      <p className="re-dialog__message" aria-live="polite">
        {f.tableSize(chosen.cols, chosen.rows)}
      </p>
      <div className="re-dialog__row">
        <NumberField
          label={f.tableCols}
          id={`${id}-c`}
          value={chosen.cols}
          min={1}
          max={tableMax.cols}
          onChange={(next) => setChosen((s) => ({ ...s, cols: next ?? 1 }))}
        />
        <NumberField
          label={f.tableRows}
          id={`${id}-r`}
          value={chosen.rows}
          min={1}
          max={tableMax.rows}
          onChange={(next) => setChosen((s) => ({ ...s, rows: next ?? 1 }))}
        />
      </div>
    </DialogShell>
  );
}
