/**
 * The CRUD screens' dialogs as a list sees them: the code of each (the form engine and its
 * controls, the detail view with its HTML sanitiser, the recycle bin) loads when the dialog is
 * first opened, not with the list. Once opened it stays mounted, so closing animates like any
 * dialog and opening it again is immediate.
 */
import { lazy, Suspense, useState, type ComponentProps, type ComponentType } from 'react';
import type { CrudFormProps } from './crud-form';
import type { ModuleDefinition, RecordId } from './module-definition';

function openedOnce<P extends { visible: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.visible);
    // Derived during render (not in an effect): the dialog mounts in the same pass it opens.
    if (props.visible && !opened) setOpened(true);
    if (!opened && !props.visible) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}

export const LazyCrudForm = openedOnce<CrudFormProps>(
  async () => (await import('./crud-form')).CrudForm,
);

export const LazyCrudInfo = openedOnce<{
  module: ModuleDefinition;
  id: RecordId | undefined;
  visible: boolean;
  onHide: () => void;
}>(async () => (await import('./crud-info')).CrudInfo);

export const LazyRecycleBin = openedOnce<{
  module: ModuleDefinition;
  visible: boolean;
  onHide: () => void;
}>(async () => (await import('./recycle-bin')).RecycleBin);

/**
 * 导入 / 导出 with their dialog and transfer progress: only modules that offer them load the
 * code, when their list is first shown (a list without them, like 公告管理, carries none of it).
 */
const ImportExportButtons = lazy(async () => ({
  default: (await import('./import-export')).ImportExport,
}));

export function LazyImportExport(props: ComponentProps<typeof ImportExportButtons>) {
  return (
    <Suspense fallback={null}>
      <ImportExportButtons {...props} />
    </Suspense>
  );
}

/** The selected rows' bulk actions: loaded when rows are first selected. */
const BulkActionsChunk = lazy(async () => ({
  default: (await import('./bulk-actions')).BulkActions,
}));

export function LazyBulkActions(props: ComponentProps<typeof BulkActionsChunk>) {
  return (
    <Suspense fallback={null}>
      <BulkActionsChunk {...props} />
    </Suspense>
  );
}

/** The list's 列设置 panel: loaded when it is first opened. */
const ListSettingsChunk = lazy(async () => ({
  default: (await import('./list-settings-panel')).ListSettingsPanel,
}));

export function LazyListSettingsPanel(props: ComponentProps<typeof ListSettingsChunk>) {
  return (
    <Suspense fallback={null}>
      <ListSettingsChunk {...props} />
    </Suspense>
  );
}
