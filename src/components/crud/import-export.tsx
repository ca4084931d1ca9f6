import { lazy, Suspense, useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadLimits } from '@/core/attachment';
import { notify } from '@/lib/notify';
import { crud as t } from '@/locale/crud';
import { upload as tu } from '@/locale/upload';
import { createCrudMutations } from './crud-queries';
import { importReportOf, ImportReportView, type ImportReport } from './import-report';
import { canDo } from './permission-keys';
import type { ListQuery, ModuleDefinition } from './module-definition';

/** Excel import limits (spec sections 5 and 9): xls/xlsx, 5 MB, one file. */
export const IMPORT_TYPES = ['xls', 'xlsx'] as const;
export const IMPORT_MAX_MB = 5;
export const IMPORT_MAX_FILES = 1;

/** The same limits as the FilePond control sees them. */
export const IMPORT_LIMITS: UploadLimits = {
  fileType: [...IMPORT_TYPES],
  fileSize: IMPORT_MAX_MB,
  fileLimit: IMPORT_MAX_FILES,
};

// FilePond (the upload controls' widget) loads when the import dialog first opens.
const PondUpload = lazy(() => import('@/components/upload/pond'));

/** The first rule a choice of files breaks, as the user-facing message; null when fine. */
export function validateImportFiles(files: readonly File[]): string | null {
  if (files.length > IMPORT_MAX_FILES) return t.importTooMany(IMPORT_MAX_FILES);
  const file = files[0];
  if (!file) return t.importNoFile;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMPORT_TYPES as readonly string[]).includes(ext))
    return t.importWrongType(IMPORT_TYPES.join('/'));
  if (file.size > IMPORT_MAX_MB * 1024 * 1024) return t.importTooLarge(IMPORT_MAX_MB);
  return null;
}

/** Hands a downloaded blob to the browser as a file. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useImportExport(
  module: ModuleDefinition,
  filters: Omit<ListQuery, 'pageindex' | 'pagesize'>,
) {
  const client = useQueryClient();
  const mutations = useMemo(() => createCrudMutations(module, client), [module, client]);
  const importCall = useMutation(mutations.import);
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
    }
  };
  return {
    canImport: canDo(module, 'import'),
    canExport: canDo(module, 'export'),
    canTemplate:
      module.capabilities.includes('importtemplate') && Boolean(module.api.importtemplate),
    file,
    error,
    report,
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
      try {
        await importCall.mutateAsync(file);
        setFile(null);
        return true;
      } catch (failure) {
        // The request client has shown the message; the file stays chosen to fix and retry.
        setReport(importReportOf(failure) ?? null);
        return false;
      }
    },
    reset: () => {
      setFile(null);
      setError(null);
      setReport(null);
    },
    downloadTemplate: () => download(module.api.importtemplate, t.templateFileName(module.title)),
    exportCurrent: () =>
      download(
        module.api.export && (() => module.api.export!(filters)),
        t.exportFileName(module.title),
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
        <Button
          type="button"
          icon="pi pi-download"
          label={t.export}
          outlined
          loading={io.busy && !open}
          onClick={() => void io.exportCurrent()}
        />
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
          <Suspense fallback={<small>{tu.loadingWidget}</small>}>
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
          </Suspense>
          {io.error && (
            <small className="p-error" role="alert">
              {io.error}
            </small>
          )}
          {io.report && (
            <ImportReportView
              report={io.report}
              fileName={t.importReport.fileName(module.title)}
              save={saveBlob}
            />
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
              onClick={async () => {
                if (await io.upload()) close();
              }}
            />
          </div>
        </div>
      </Dialog>
    </>
  );
}
