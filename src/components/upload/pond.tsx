/**
 * FilePond with its maintained plugins, in Chinese, uploading through the project's client
 * (`uploadFile`: accesstoken header, the spec's failure messages, progress and cancel). This
 * module and its CSS are only reached through dynamic imports (see ./lazy.tsx), so FilePond is
 * downloaded when a form that shows an upload control opens.
 */
import 'filepond/dist/filepond.min.css';
import 'filepond-plugin-image-preview/dist/filepond-plugin-image-preview.min.css';
import './pond.css';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { FilePond as FilePondComponent } from 'react-filepond';
import type { FilePondErrorDescription, FilePondFile, FilePondOptions } from 'filepond';
import FilePondPluginFileValidateType from 'filepond-plugin-file-validate-type';
import FilePondPluginFileValidateSize from 'filepond-plugin-file-validate-size';
import FilePondPluginImagePreview from 'filepond-plugin-image-preview';
import FilePondPluginImageExifOrientation from 'filepond-plugin-image-exif-orientation';
import { fileExtension, type AttachmentValue, type UploadLimits } from '@/core/attachment';
import { uploadFile, type UploadKind } from '@/lib/request/upload';
import { upload as t } from '@/locale/upload';
import { installFramePainter, wakeFramePainter } from './frame-painter';
import { useListedInOrder } from './use-listed-in-order';

/**
 * What screening decides for a file: 'accept', 'take', or the message that refuses it. (`string &
 * {}` keeps the two words in the type; a plain `string` would swallow them.)
 */
export type Screening = 'accept' | 'take' | (string & {});

// FilePond starts its frame loop as its module runs, unless one is there to join: loaded after
// ours is in place (a static import would run first).
installFramePainter();
const { FilePond, registerPlugin } = await import('react-filepond');

registerPlugin(
  FilePondPluginFileValidateType,
  FilePondPluginFileValidateSize,
  FilePondPluginImageExifOrientation,
  FilePondPluginImagePreview,
);

/** FilePond's own labels in Chinese (the ones it shows while adding and uploading). */
const LABELS: Partial<FilePondOptions> = {
  labelIdle: t.labelIdle,
  labelInvalidField: t.labelInvalidField,
  labelFileWaitingForSize: t.labelFileWaitingForSize,
  labelFileSizeNotAvailable: t.labelFileSizeNotAvailable,
  labelFileLoading: t.labelFileLoading,
  labelFileLoadError: t.labelFileLoadError,
  labelFileProcessing: t.labelFileProcessing,
  labelFileProcessingComplete: t.labelFileProcessingComplete,
  labelFileProcessingAborted: t.labelFileProcessingAborted,
  labelFileProcessingError: t.labelFileProcessingError,
  labelFileProcessingRevertError: t.labelFileProcessingRevertError,
  labelFileRemoveError: t.labelFileRemoveError,
  labelTapToCancel: t.labelTapToCancel,
  labelTapToRetry: t.labelTapToRetry,
  labelTapToUndo: t.labelTapToUndo,
  labelButtonRemoveItem: t.labelButtonRemoveItem,
  labelButtonAbortItemLoad: t.labelButtonAbortItemLoad,
  labelButtonRetryItemLoad: t.labelButtonRetryItemLoad,
  labelButtonAbortItemProcessing: t.labelButtonAbortItemProcessing,
  labelButtonUndoItemProcessing: t.labelButtonUndoItemProcessing,
  labelButtonRetryItemProcessing: t.labelButtonRetryItemProcessing,
  labelButtonProcessItem: t.labelButtonProcessItem,
  labelFileAdded: t.labelFileAdded,
  labelFileRemoved: t.labelFileRemoved,
  labelFileCountSingular: t.labelFileCountSingular,
  labelFileCountPlural: t.labelFileCountPlural,
  labelDecimalSeparator: t.labelDecimalSeparator,
  labelThousandsSeparator: t.labelThousandsSeparator,
};

export interface PondUploadProps {
  /** DOM id of FilePond's file input (the field's label points at it). */
  id: string;
  kind: UploadKind;
  limits: UploadLimits;
  /** Files FilePond may still take (limit minus what the control holds); ≥ 1. */
  room: number;
  /** The control holds one file: a new one replaces the old. */
  single: boolean;
  disabled?: boolean;
  /**
   * A file is refused (type, size, count, conversion) or its upload failed: the message to
   * show. `toasted` when the upload client has already shown it as a toast.
   */
  onProblem: (message: string, toasted?: boolean) => void;
  /** An upload finished: the value item for the control. */
  onUploaded: (item: AttachmentValue) => void;
  /**
   * Looks at a file before FilePond takes it: a message refuses it, 'take' hands it to the
   * caller instead (the cropper), 'accept' lets FilePond add and upload it.
   */
  screen?: (file: File) => Screening;
  /** Turns the file into what is uploaded (webp conversion); a message refuses it. */
  prepare?: (file: File) => Promise<File | string>;
  /** Upload address (the Excel import's action); the kind's address by default. */
  url?: string;
  /** Instead of uploading: the caller takes the checked file (the Excel import). */
  onAccepted?: (file: File) => void;
  /** A file left FilePond (removed by the user, or refused). */
  onRemoved?: () => void;
}

function asFile(source: unknown): File | null {
  return source instanceof File ? source : null;
}

/** FilePond set up for one control. */
export function PondUpload({
  id,
  kind,
  limits,
  room,
  single,
  disabled,
  onProblem,
  onUploaded,
  screen,
  prepare,
  url,
  onAccepted,
  onRemoved,
}: PondUploadProps) {
  const pond = useRef<FilePondComponent>(null);
  const latest = useRef({ onProblem, onUploaded, screen, prepare, onAccepted, onRemoved });
  useLayoutEffect(() => {
    latest.current = { onProblem, onUploaded, screen, prepare, onAccepted, onRemoved };
  });
  /** Uploaded files reach the value list in the order they were chosen. */
  const inOrder = useListedInOrder(
    (item) => latest.current.onUploaded(item),
    (id) => pond.current?.removeFile(id),
  );

  // FilePond has just created the pond (the child mounted first): its first frames now.
  useEffect(() => wakeFramePainter(), []);

  const server = useMemo<FilePondOptions['server']>(
    () => ({
      process: (_fieldName, source, _metadata, load, error, progress, abort) => {
        const controller = new AbortController();
        const settle = (item?: AttachmentValue) => inOrder.settle(source, item);
        /** FilePond was told the upload's outcome: a later throw is no failed upload. */
        let told = false;
        void (async () => {
          let file = asFile(source) ?? new File([source], 'file');
          if (latest.current.prepare) {
            const prepared = await latest.current.prepare(file);
            if (typeof prepared === 'string') {
              settle();
              latest.current.onProblem(prepared);
              error(prepared);
              return;
            }
            file = prepared;
          }
          const result = await uploadFile(file, {
            kind,
            ...(url ? { url } : {}),
            signal: controller.signal,
            onProgress: (loaded, total) => progress(true, loaded, total),
          });
          if (result.ok) {
            told = true;
            load(String(result.data.att_id ?? ''));
            settle({
              att_id: result.data.att_id ?? 0,
              att_title: result.data.original_name || file.name,
              att_url: result.data.address ?? '',
            });
            return;
          }
          settle();
          if (!result.aborted) {
            latest.current.onProblem(result.message, true);
            error(result.message);
          }
        })().catch((failure: unknown) => {
          if (told) throw failure;
          // Not uploaded (the conversion or the client threw): the files after it go on.
          settle();
          latest.current.onProblem(t.labelFileProcessingError);
          error(t.labelFileProcessingError);
        });
        return {
          abort: () => {
            controller.abort();
            abort();
          },
        };
      },
      revert: null,
    }),
    [kind, url, inOrder],
  );

  const beforeAddFile = (item: FilePondFile): boolean => {
    const file = asFile(item.file);
    if (!file) return true;
    const verdict = latest.current.screen?.(file) ?? 'accept';
    if (verdict === 'accept') {
      // The Excel import's file is handed over, not uploaded: it waits for no place.
      if (!latest.current.onAccepted) inOrder.expect(file);
      return true;
    }
    if (verdict !== 'take') latest.current.onProblem(verdict);
    return false;
  };

  const onAddFile = (problem: FilePondErrorDescription | null, item: FilePondFile) => {
    if (!problem) {
      const file = asFile(item.file);
      if (latest.current.onAccepted && file) latest.current.onAccepted(file);
      return;
    }
    // A file the validation plugins refuse arrives as their status { main, sub } (FilePond's
    // types say { type, code, body }); main is the spec message set below.
    inOrder.settle(item.file);
    const status = problem as Partial<FilePondErrorDescription> & { main?: string };
    latest.current.onProblem(status.main ?? status.body ?? t.labelFileLoadError);
    pond.current?.removeFile(item.id);
  };

  return (
    <FilePond
      ref={pond}
      id={id}
      name="file"
      credits={false}
      disabled={disabled}
      allowMultiple={!single}
      maxFiles={single ? 1 : Math.max(1, room)}
      // All at once: an uploaded file leaves FilePond for the value list, and a file removed
      // while others wait in FilePond's queue would leave them waiting for good.
      maxParallelUploads={single ? 1 : Math.max(1, room)}
      allowReplace={single}
      allowRevert={false}
      instantUpload={!onAccepted}
      allowProcess={!onAccepted}
      server={onAccepted ? null : server}
      beforeAddFile={beforeAddFile}
      onaddfile={onAddFile}
      onwarning={(warning: { body?: string } | undefined) => {
        if (warning?.body === 'Max files') latest.current.onProblem(t.tooMany(limits.fileLimit));
      }}
      onremovefile={(_problem, item) => {
        // Removed before its upload ended: the files after it no longer wait for it.
        inOrder.settle(item.file);
        latest.current.onRemoved?.();
      }}
      onprocessfile={(problem, item) => {
        // Refused: the toast said why (once); FilePond's own error line would say it a second
        // time. Uploaded: it leaves FilePond when the value list shows it (in the order chosen).
        if (problem) pond.current?.removeFile(item.id);
        else inOrder.uploaded(item.file, item.id);
      }}
      acceptedFileTypes={limits.fileType.map((type) => `.${type}`)}
      fileValidateTypeDetectType={(file: File) => Promise.resolve(`.${fileExtension(file.name)}`)}
      labelFileTypeNotAllowed={t.wrongType(limits.fileType)}
      fileValidateTypeLabelExpectedTypes=""
      maxFileSize={String(Math.round(limits.fileSize * 1024 * 1024))}
      labelMaxFileSizeExceeded={t.tooLarge(limits.fileSize)}
      labelMaxFileSize=""
      allowImagePreview={kind === 'image'}
      imagePreviewMaxHeight={160}
      {...LABELS}
    />
  );
}

export default PondUpload;
