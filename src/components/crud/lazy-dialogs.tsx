/**
 * The CRUD screens' dialogs as a list sees them: the code of each (the form engine and its
 * controls, the detail view with its HTML sanitiser, the recycle bin) loads when the dialog is
 * first opened, not with the list. Once opened it stays mounted, so closing animates like any
 * dialog and opening it again is immediate.
 */
import {
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentProps,
  type ComponentType,
} from 'react';
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

/** Starts fetching the form ahead (a failed download is retried when the form opens). */
const prefetchForm = (module: ModuleDefinition, generatedForm: boolean) => {
  import('./form-prefetch').then(
    (prefetch) => prefetch.prefetchForm(module, generatedForm),
    () => undefined,
  );
};

/**
 * Idle callbacks where the browser has them (Safari has not), else the next task. Half a second at
 * most: on a slow CPU the page is seldom idle, and the download should be under way before the
 * user reaches 新增.
 */
const whenIdle = (run: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 500 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 0);
  return () => clearTimeout(handle);
};

/**
 * The form's code fetched ahead on a list that can open it: once the list's first rows are shown
 * and the page is idle (so the rows do not wait for it), and at once when the pointer or the
 * focus comes to a button that opens it (spread the returned handlers on 新增).
 */
export function useFormPrefetch(
  module: ModuleDefinition,
  options: { enabled: boolean; listShown: boolean; generatedForm: boolean },
) {
  const { enabled, listShown, generatedForm } = options;
  useEffect(() => {
    if (!enabled || !listShown) return undefined;
    return whenIdle(() => prefetchForm(module, generatedForm));
  }, [enabled, listShown, module, generatedForm]);
  const now = () => {
    if (enabled) prefetchForm(module, generatedForm);
  };
  return { onPointerEnter: now, onFocus: now };
}

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
