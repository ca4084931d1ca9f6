/**
 * 导入 / 导出 of a CRUD screen: the import dialog (FilePond checks the file, 开始导入 sends it,
 * a refused import shows its row-by-row report) and the export download.
 *
 * Both show how far the file has travelled: the import the percentage of the file sent, then
 * 正在校验… until the server has checked every row; the export the percentage received when
 * the server announced the size, an indeterminate bar otherwise. fetch reports neither, so
 * both calls go through the request client's progress transport (xhr-transport) to the
 * contract's generic addresses of the module (`POST /api/{group}/import` with `importfile`,
 * `GET /api/{group}/export` with the list filters) — the addresses every module's own import
 * and export calls use — rather than through `module.api`, whose signatures take no listener.
 */
import { lazy, Suspense, useMemo, useState, type CSSProperties } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadLimits } from '@/core/attachment';
import { notify } from '@/lib/notify';
import { ApiError, type Envelope } from '@/lib/request';
import { crud as t } from '@/locale/crud';
import { crudImportReport, crudTransfer } from '@/locale/crud-dialogs';
import { upload as tu } from '@/locale/upload';
import { createCrudMutations } from './crud-queries';
import { importReportOf, type ImportReport } from './import-report-data';

// The report's table (and the DataTable it draws) loads when an import is first refused.
const ImportReportView = lazy(() =>
  import('./import-report').then((module) => ({ default: module.ImportReportView })),
);
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
  if (!IMPORT_TYPES.some((type) => type === ext)) return t.importWrongType(IMPORT_TYPES.join('/'));
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

/** How far a file has travelled: `percent` undefined while the size is unknown. */
export interface TransferState {
  phase: 'sending' | 'checking' | 'receiving';
  percent: number | undefined;
}

function percentOf(loaded: number, total: number | undefined): number | undefined {
  return total ? Math.min(100, Math.floor((loaded / total) * 100)) : undefined;
}

/**
 * The progress transport, fetched on the first import or export: the list screen that shows
 * these buttons does not need it before (its size counts against the first CRUD screen).
 */
const transport = () => import('@/lib/request/xhr-transport');

/** POST /api/{group}/import: the mutator's contract (a successful envelope, or ApiError). */
export async function importWithProgress(
  module: Pick<ModuleDefinition, 'group'>,
  file: File,
  onProgress: (state: TransferState) => void,
): Promise<Envelope> {
  const form = new FormData();
  form.append('importfile', file);
  const { requestWithProgress } = await transport();
  const answer = await requestWithProgress(
    { url: `/api/${module.group}/import`, method: 'POST', data: form },
    {
      onUploadProgress: (loaded, total) =>
        onProgress(
          // Every byte is out: what is left is the server reading the rows.
          loaded >= total
            ? { phase: 'checking', percent: undefined }
            : { phase: 'sending', percent: percentOf(loaded, total) },
        ),
    },
  );
  if (answer instanceof Blob) throw new ApiError('unexpected blob', undefined, 0, 'parse');
  return answer;
}

/**
 * GET /api/{group}/export with the list's search and order (sortfield / sortorder): the file, in
 * the order the list shows (an error answer was shown).
 */
export async function exportWithProgress(
  module: Pick<ModuleDefinition, 'group'>,
  filters: Omit<ListQuery, 'pageindex' | 'pagesize'>,
  onProgress: (state: TransferState) => void,
): Promise<Blob> {
  const { requestWithProgress } = await transport();
  const answer = await requestWithProgress(
    { url: `/api/${module.group}/export`, method: 'GET', params: filters, responseType: 'blob' },
    {
      onDownloadProgress: (loaded, total) =>
        onProgress({ phase: 'receiving', percent: percentOf(loaded, total) }),
    },
  );
  if (answer instanceof Blob) return answer;
  // A JSON answer instead of the file: there is nothing to save.
  throw new ApiError(answer.msg, answer, answer.status, 'status');
}

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
      module.capabilities.includes('importtemplate') && Boolean(module.api.importtemplate),
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
    downloadTemplate: () => download(module.api.importtemplate, t.templateFileName(module.title)),
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

/**
 * Under the 导出 button, over what follows: the toolbar keeps its width and does not wrap.
 * Above the list's sticky header (z-index 2), below PrimeReact's overlays (1000 and up).
 */
const FLOATING: CSSProperties = {
  position: 'absolute',
  top: 'calc(100% + 0.25rem)',
  left: 0,
  zIndex: 10,
  padding: '0.25rem 0.5rem',
  borderRadius: '6px',
  background: 'var(--surface-overlay, #fff)',
  boxShadow: '0 1px 4px rgb(0 0 0 / 0.16)',
};

/** A file on its way: a bar (determinate when the size is known) and what is happening. */
function TransferStatus({
  state,
  label,
  floating = false,
}: {
  state: TransferState;
  label: string;
  floating?: boolean;
}) {
  const text =
    state.phase === 'checking'
      ? crudTransfer.checking
      : state.phase === 'sending'
        ? crudTransfer.sending(state.percent)
        : crudTransfer.downloading(state.percent);
  const known = state.phase !== 'checking' && state.percent !== undefined;
  return (
    <span
      className="crud-transfer"
      role="status"
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: '0.5rem',
        ...(floating ? FLOATING : {}),
      }}
    >
      <ProgressBar
        mode={known ? 'determinate' : 'indeterminate'}
        value={known ? state.percent : undefined}
        showValue={false}
        aria-label={label}
        style={{ width: '8rem', height: '0.5rem' }}
        // PrimeReact eases each change over 1 s: the fill would trail the percentage beside it.
        pt={{ value: { style: { transition: 'width 0.2s linear' } } }}
      />
      <small style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{text}</small>
    </span>
  );
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
          {io.importing && <TransferStatus state={io.importing} label={crudTransfer.importLabel} />}
          {io.report && (
            <Suspense fallback={null}>
              <ImportReportView
                report={io.report}
                fileName={crudImportReport.fileName(module.title)}
                save={saveBlob}
              />
            </Suspense>
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
