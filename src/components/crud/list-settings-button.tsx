import { useCallback, useId, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { crud as t } from '@/locale/crud';
import type { ListSettingsController } from './list-settings';
import { LazyListSettingsPanel } from './lazy-dialogs';

/**
 * The list toolbar's 列设置 button: an icon button that opens the columns and density panel
 * (whose code loads on the first open).
 */
export function ListSettingsButton({
  columns,
  controller,
}: {
  columns: readonly { field: string; header: string }[];
  controller: ListSettingsController;
}) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLSpanElement>(null);
  const id = `crud-list-settings-${useId()}`;
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) anchor.current?.querySelector('button')?.focus();
  }, []);
  return (
    <span ref={anchor} className="crud-list-settings__anchor">
      <Button
        type="button"
        icon="pi pi-sliders-h"
        aria-label={t.listSettings}
        title={t.listSettings}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        severity="secondary"
        outlined
        onClick={() => setOpen((shown) => !shown)}
      />
      {open && (
        <LazyListSettingsPanel
          label={t.listSettings}
          id={id}
          columns={columns}
          controller={controller}
          onClose={close}
          anchor={anchor}
        />
      )}
    </span>
  );
}
