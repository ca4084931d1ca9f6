/**
 * The CRUD screens' dialogs as a list sees them: the code of each (the form engine and its
 * controls, the detail view with its HTML sanitiser, the recycle bin) loads when the dialog is
 * first opened, not with the list. Once opened it stays mounted, so closing animates like any
 * dialog and opening it again is immediate.
 */
import { useState, type ComponentType } from 'react';
import { isRecord } from '@/core/guards';
import { CodeSlot, DialogCodeSlot, lazyPreloaded, preloadable, type Preloadable } from '@/lib/lazy';
import { crudFormCode } from './crud-form-code';
import { prefetchForm, prefetchFormOnce } from './form-prefetch';
import type { ModuleDefinition } from './module-definition';

/**
 * A dialog whose code loads when it is first opened. If that download fails, the dialog is
 * closed with a message and the list stays as it was; opening it again downloads again.
 */
function openedOnce<M, P extends { visible: boolean; onHide: () => void }>(
  code: Preloadable<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  const Dialog = lazyPreloaded(code, pick);
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.visible);
    // Derived during render (not in an effect): the dialog mounts in the same pass it opens.
    if (props.visible && !opened) setOpened(true);
    if (!opened && !props.visible) return null;
    return (
      <DialogCodeSlot open={props.visible} onClose={props.onHide}>
        <Dialog {...props} />
      </DialogCodeSlot>
    );
  };
}

export const LazyCrudForm = openedOnce(crudFormCode, (module) => module.CrudForm);

/**
 * Whether the browser asks pages to save data (Chrome's Data Saver, `Save-Data`): then nothing is
 * downloaded on speculation, only once the pointer or the focus comes to 新增.
 */
function savesData(): boolean {
  const connection: unknown = 'connection' in navigator ? navigator.connection : undefined;
  return isRecord(connection) && connection.saveData === true;
}

/**
 * The form's code fetched ahead on a list that can open it: from the list's first render — with
 * the list's own call, as the rows are on their way — and at once when the pointer or the focus
 * comes to a button that opens it (spread the returned handlers on 新增; only these when the
 * browser asks to save data). Started during render, as React's own resource preloads are: it
 * only warms loaders that cache their download, once per module (prefetchFormOnce), and the
 * render of a list took 270 ms on a slow phone-class CPU, which an effect would have waited for.
 * Waiting for the rows to be shown and an idle moment left a user who clicks 新增 as the rows
 * appear waiting for most of the download on a slow link (2.7 s to the editor).
 */
export function useFormPrefetch(
  module: ModuleDefinition,
  options: { enabled: boolean; generatedForm: boolean },
) {
  const { enabled, generatedForm } = options;
  if (enabled && !savesData()) prefetchFormOnce(module, generatedForm);
  const now = () => {
    if (enabled) prefetchForm(module, generatedForm);
  };
  return { onPointerEnter: now, onFocus: now };
}

export const LazyCrudInfo = openedOnce(
  preloadable(() => import('./crud-info')),
  (module) => module.CrudInfo,
);

export const LazyRecycleBin = openedOnce(
  preloadable(() => import('./recycle-bin')),
  (module) => module.RecycleBin,
);

/**
 * 导入 / 导出 with their dialog and transfer progress: only modules that offer them load the
 * code, when their list is first shown (a list without them, like 公告管理, carries none of it).
 */
const ImportExportButtons = lazyPreloaded(
  preloadable(() => import('./import-export')),
  (module) => module.ImportExport,
);

export function LazyImportExport(props: Parameters<typeof ImportExportButtons>[0]) {
  return (
    <CodeSlot loading={null}>
      <ImportExportButtons {...props} />
    </CodeSlot>
  );
}

/** The selected rows' bulk actions: loaded when rows are first selected. */
const BulkActionsChunk = lazyPreloaded(
  preloadable(() => import('./bulk-actions')),
  (module) => module.BulkActions,
);

export function LazyBulkActions(props: Parameters<typeof BulkActionsChunk>[0]) {
  return (
    <CodeSlot loading={null}>
      <BulkActionsChunk {...props} />
    </CodeSlot>
  );
}

/** The list's 列设置 panel: loaded when it is first opened. */
const ListSettingsChunk = lazyPreloaded(
  preloadable(() => import('./list-settings-panel')),
  (module) => module.ListSettingsPanel,
);

/** Shown only while open (its button mounts it): a failed download closes it with a message. */
export function LazyListSettingsPanel(props: Parameters<typeof ListSettingsChunk>[0]) {
  return (
    <DialogCodeSlot open onClose={() => props.onClose(true)}>
      <ListSettingsChunk {...props} />
    </DialogCodeSlot>
  );
}
