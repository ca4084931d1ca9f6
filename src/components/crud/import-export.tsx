/**
 * 导入 / 导出 of a CRUD screen: the import dialog (FilePond checks the file, 开始导入 sends it,
 * a refused import shows its row-by-row report) and the export download.
 *
 * Both show how far the file has travelled: the import the percentage of the file sent, then
 * 正在校验… until the server has checked every row; the export the percentage received when
 * the server announced the size, an indeterminate bar otherwise (the calls: transfer-calls.ts;
 * the bar: transfer-status.tsx).
 */
import { useMemo, useState } from 'react';
import { CodeSlot, lazyDefault, lazyPreloaded, preloadable } from '@/lib/lazy';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/notify';
import { crud as t } from '@/locale/crud';
import { crudImportReport, crudTransfer } from '@/locale/crud-dialogs';
import { upload as tu } from '@/locale/upload';
import { createCrudMutations } from './crud-queries';
import { importReportOf, type ImportReport } from './import-report-data';
import { canDo } from './permission-keys';
import type { ListQuery, ModuleDefinition } from './module-definition';
import {
  exportWithProgress,
  IMPORT_LIMITS,
  IMPORT_MAX_FILES,
  importWithProgress,
  saveBlob,
  validateImportFiles,
  type TransferState,
} from './transfer-calls';
import { TransferStatus } from './transfer-status';

export {
  IMPORT_LIMITS,
  IMPORT_MAX_FILES,
  IMPORT_MAX_MB,
  IMPORT_TYPES,
  saveBlob,
  validateImportFiles,
  type TransferState,
} from './transfer-calls';

// The report's table (and the DataTable it draws) loads when an import is first refused.
const ImportReportView = lazyPreloaded(
  preloadable(() => import('./import-report')),
  (module) => module.ImportReportView,
);

// FilePond (the upload controls' widget) loads when the import dialog first opens.
const PondUpload = lazyDefault(() => import('@/components/upload/pond'));

export function useImportExport(
  module: ModuleDefinition,
  filters: Omit<ListQuery, 'pageindex' | 'pagesize'>,
) {
  const client = useQueryClient();
  const mutations = useMemo(() => createCrudMutations(module, client), [module, client]);
  /** A search is applied: the export holds only its records (and says so). */
  // A search narrows what is exported; an order alone does not (the file is still everything).
  const filtered = Object.keys(filters).some((key) => key !== 'sortfield' && key !== 'sortorder');
  /** Where the file being imported or exported is; null when none travels. */
  const [importing, setImporting] = useState<TransferState | null>(null);
  const [exporting, setExporting] = useState<TransferState | null>(null);
  // The module's import mutation (its success toast and list refresh), sent with progress.
  const importCall = useMutation({
    ...mutations.import,
    mutationFn: (chosen: File) => importWithProgress(module, chosen, setImporting),
  });
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The rows the server refused in the last import of the chosen file. */
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const download = async (load: (() => Promise<Blob>) | undefined, name: string) => {
    if (!load) return;
    setBusy(true);
    try {
      saveBlob(await load(), name);
    } catch {
      // The request client has shown the failure.
    } finally {
      setBusy(false);
      setExporting(null);
    }
  };
  return {
    filtered,
    canImport: canDo(module, 'import'),
    canExport: canDo(module, 'export'),
    canTemplate:
      module.capabilities.includes('importtemplate') && module.api.importtemplate !== undefined,
    file,
    error,
    report,
    importing,
    exporting,
    busy: busy || importCall.isPending,
    /** A problem found before the file reached `choose` (the widget's own checks). */
    refuse: (message: string) => {
      setError(message);
      setReport(null);
      setFile(null);
      notify.error(message);
    },
    /** The chosen file was taken away (removed, or replaced by the next one). */
    unchoose: () => setFile(null),
    choose: (files: readonly File[]) => {
      const problem = validateImportFiles(files);
      setError(problem);
      // A new file: the last report was about the one before.
      setReport(null);
      if (problem) {
        notify.error(problem);
        setFile(null);
      } else setFile(files[0] ?? null);
      return problem === null;
    },
    upload: async () => {
      if (!file) {
        setError(t.importNoFile);
        return false;
      }
      setReport(null);
      setImporting({ phase: 'sending', percent: undefined });
      try {
        await importCall.mutateAsync(file);
        setFile(null);
        return true;
      } catch (failure) {
        // The request client has shown the message; the file stays chosen to fix and retry.
        setReport(importReportOf(failure) ?? null);
        return false;
      } finally {
        setImporting(null);
      }
    },
    reset: () => {
      setFile(null);
      setError(null);
      setReport(null);
    },
    downloadTemplate: () =>
      download(module.api.importtemplate?.bind(module.api), t.templateFileName(module.title)),
    exportCurrent: () =>
      download(
        module.api.export &&
          (() => {
            setExporting({ phase: 'receiving', percent: undefined });
            return exportWithProgress(module, filters, setExporting);
          }),
        filtered
          ? crudTransfer.exportFilteredFileName(module.title)
          : t.exportFileName(module.title),
      ),
  };
}

/** Toolbar buttons 导入 / 导出 with the import dialog (FilePond, as the upload controls use). */
export function ImportExport({
  module,
  filters,
}: {
  module: ModuleDefinition;
  filters: Omit<ListQuery, 'pageindex' | 'pagesize'>;
}) {
  const io = useImportExport(module, filters);
  const [open, setOpen] = useState(false);
  const close = () => {
    io.reset();
    setOpen(false);
  };
  return (
    <>
      {io.canImport && (
        <Button
          type="button"
          icon="pi pi-upload"
          label={t.import}
          outlined
          onClick={() => setOpen(true)}
        />
      )}
      {io.canExport && (
        <span style={{ position: 'relative', display: 'inline-flex' }}>
          <Button
            type="button"
            icon="pi pi-download"
            label={io.filtered ? crudTransfer.exportFiltered : t.export}
            outlined
            loading={io.busy && !open}
            onClick={() => void io.exportCurrent()}
          />
          {io.exporting && (
            <TransferStatus state={io.exporting} label={crudTransfer.exportLabel} floating />
          )}
        </span>
      )}
      <Dialog
        header={t.importTitle(module.title)}
        visible={open}
        onHide={close}
        style={{ width: io.report ? 'min(760px, 95vw)' : 'min(520px, 95vw)' }}
        modal
      >
        <div className="crud-import">
          <p>{t.importHint}</p>
          <label htmlFor={`crud-import-${module.key}`}>{t.importChoose}</label>
          <CodeSlot loading={<small>{tu.loadingWidget}</small>}>
            <PondUpload
              id={`crud-import-${module.key}`}
              kind="file"
              limits={IMPORT_LIMITS}
              room={IMPORT_MAX_FILES}
              single
              onProblem={io.refuse}
              onUploaded={() => undefined}
              onAccepted={(chosen) => io.choose([chosen])}
              onRemoved={io.unchoose}
            />
          </CodeSlot>
          {io.error && (
            <small className="p-error" role="alert">
              {io.error}
            </small>
          )}
          {io.importing && <TransferStatus state={io.importing} label={crudTransfer.importLabel} />}
          {io.report && (
            <CodeSlot loading={null}>
              <ImportReportView
                report={io.report}
                fileName={crudImportReport.fileName(module.title)}
                save={saveBlob}
              />
            </CodeSlot>
          )}
          <div className="crud-form__footer">
            {io.canTemplate && (
              <Button
                type="button"
                icon="pi pi-file-excel"
                label={t.downloadTemplate}
                text
                onClick={() => void io.downloadTemplate()}
              />
            )}
            <Button
              type="button"
              label={t.importUpload}
              loading={io.busy}
              disabled={!io.file || io.busy}
              onClick={() => {
                void io.upload().then((uploaded) => {
                  if (uploaded) close();
                });
              }}
            />
          </div>
        </div>
      </Dialog>
    </>
  );
}
