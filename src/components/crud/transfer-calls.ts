/**
 * The import and export calls of a CRUD screen with their progress, and the import file's rules
 * (spec sections 5 and 9). Both calls go through the request client's progress transport
 * (xhr-transport) to the contract's generic addresses of the module (`POST /api/{group}/import`
 * with `importfile`, `GET /api/{group}/export` with the list's search and order) — the addresses
 * every module's own import and export calls use — rather than through `module.api`, whose
 * signatures take no listener.
 */
import type { UploadLimits } from '@/core/attachment';
import { ApiError, type Envelope } from '@/lib/request';
import { crud as t } from '@/locale/crud';
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
