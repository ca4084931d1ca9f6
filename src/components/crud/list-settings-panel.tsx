/**
 * The 列设置 panel of a list: which generated columns show, the row density and 恢复默认.
 * Loaded when the panel is first opened (the list screen's first load does not carry it).
 * A non-modal dialog under its button: Escape or a press outside closes it, and Escape gives
 * the focus back to the button.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { crudSettings as t } from '@/locale/crud-settings';
import { DENSITIES, type ListSettingsController } from './list-settings';
import './list-settings.css';

export interface ListSettingsPanelProps {
  /** The panel's accessible name (the button's). */
  label: string;
  id: string;
  /** The columns the user may hide: field and header as the list shows it. */
  columns: readonly { field: string; header: string }[];
  controller: ListSettingsController;
  /** Closes the panel; `refocus` when the focus should go back to the button. */
  onClose: (refocus: boolean) => void;
  /** The button and the panel: a press inside either does not close it. */
  anchor: RefObject<HTMLElement | null>;
}

export function ListSettingsPanel({
  label,
  id,
  columns,
  controller,
  onClose,
  anchor,
}: ListSettingsPanelProps) {
  const panel = useRef<HTMLDivElement>(null);
  const { settings } = controller;
  const shown = columns.filter((column) => !settings.hidden.includes(column.field));

  useEffect(() => {
    panel.current?.querySelector('input')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !anchor.current?.contains(event.target)) onClose(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose(true);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [anchor, onClose]);

  return (
    <div ref={panel} id={id} role="dialog" aria-label={label} className="crud-list-settings">
      {/* The scrolling box is a div: Chrome does not clip a fieldset shrunk in a flex column. */}
      <div className="crud-list-settings__columns">
        <fieldset>
          <legend>{t.columns}</legend>
          {columns.map((column) => {
            const visible = !settings.hidden.includes(column.field);
            const last = visible && shown.length === 1;
            return (
              <label key={column.field} title={last ? t.lastColumn : undefined}>
                <input
                  type="checkbox"
                  checked={visible}
                  disabled={last}
                  onChange={(e) => controller.setVisible(column.field, e.target.checked)}
                />
                {column.header}
              </label>
            );
          })}
        </fieldset>
      </div>
      <fieldset>
        <legend>{t.density}</legend>
        <div className="crud-list-settings__density">
          {DENSITIES.map((density) => (
            <label key={density}>
              <input
                type="radio"
                name={`${id}-density`}
                value={density}
                checked={settings.density === density}
                onChange={() => controller.setDensity(density)}
              />
              {t.densities[density]}
            </label>
          ))}
        </div>
      </fieldset>
      <button
        type="button"
        className="p-button p-component p-button-text p-button-sm"
        onClick={controller.reset}
      >
        <span className="p-button-label p-c">{t.reset}</span>
      </button>
    </div>
  );
}
