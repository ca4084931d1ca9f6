import { useState, type KeyboardEvent } from 'react';
import { InputText } from 'primereact/inputtext';
import { crudTree } from '@/locale/crud-tree';
import { CellView } from './cell-view';
import type { ColumnDefinition, ModuleRecord } from './module-definition';

/**
 * A cell edited in place: click (or Enter) to edit, Enter or leaving saves, Escape cancels.
 * The tree shows the value as a button; a list (`asText`) shows it as text, as PrimeReact's
 * cell editing did, with the same hidden focus target to reach it by keyboard — a button named
 * "2" beside the paginator's page 2 would be two controls of one name.
 */
export function EditableCell({
  column,
  row,
  onSave,
  asText = false,
}: {
  column: ColumnDefinition;
  row: ModuleRecord;
  onSave: (value: string) => void;
  asText?: boolean;
}) {
  const current = row[column.field] == null ? '' : String(row[column.field]);
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null && asText)
    return (
      <>
        <a
          tabIndex={0}
          className="p-cell-editor-key-helper p-hidden-accessible"
          onFocus={() => setDraft(current)}
        >
          <span />
        </a>
        <span className="crud-table__editable" onClick={() => setDraft(current)}>
          <CellView column={column} row={row} />
        </span>
      </>
    );
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
