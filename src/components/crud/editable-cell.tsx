import { useState, type KeyboardEvent } from 'react';
import { InputText } from 'primereact/inputtext';
import { crud as t } from '@/locale/crud';
import { textOf } from '@/core/guards';
import { CellView } from './cell-view';
import type { ColumnDefinition, ModuleRecord } from './module-definition';

/**
 * A cell edited in place: click (or Enter) to edit, Enter or leaving saves, Escape cancels.
 * The value is a button whose name also says what it edits ("点击修改排序：2"): a button named
 * only "2" beside the paginator's page 2 would be two controls of one name.
 */
export function EditableCell({
  column,
  row,
  onSave,
}: {
  column: ColumnDefinition;
  row: ModuleRecord;
  onSave: (value: string) => void;
}) {
  const current = textOf(row[column.field]);
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null)
    return (
      <button
        type="button"
        className="crud-editable-cell"
        title={t.editCell(column.header)}
        aria-label={t.editCellNamed(column.header, current)}
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
      className="crud-editable-cell__input p-inputtext-sm"
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') setDraft(null);
      }}
    />
  );
}
