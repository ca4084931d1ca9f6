import { useState, type KeyboardEvent } from 'react';
import { InputText } from 'primereact/inputtext';
import { crudTree } from '@/locale/crud-tree';
import { CellView } from './cell-view';
import type { ColumnDefinition, ModuleRecord } from './module-definition';

/** A cell edited in place: click (or Enter) to edit, Enter or leaving saves, Escape cancels. */
export function EditableCell({
  column,
  row,
  onSave,
}: {
  column: ColumnDefinition;
  row: ModuleRecord;
  onSave: (value: string) => void;
}) {
  const current = row[column.field] == null ? '' : String(row[column.field]);
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null)
    return (
      <button
        type="button"
        className="crud-tree__editable"
        title={crudTree.editCell(column.header)}
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
      className="crud-tree__input p-inputtext-sm"
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') setDraft(null);
      }}
    />
  );
}
