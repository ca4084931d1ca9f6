/**
 * The large-file uploader of the attachment library (spec sections 4, 7): a button that opens
 * the file picker, then a progress bar with the file's percent, where the upload is (第 3/7 块
 * 62% for chunks, 已完成 3/5 块 for cloud parts) and 取消 while the file is sent; at the end the
 * bar stays full with 上传完成 for a moment, so 100% is seen rather than the bar vanishing at
 * the last step.
 * `mode` chooses the transport: `chunked` — 5120 KB chunks to /api/tool/uploadslice;
 * `oss` — a direct multipart upload to cloud storage (ali-oss, loaded on first use).
 * The uploaded file reaches `onUploaded` as an attachment value; outcome messages are the
 * transports' toasts (上传成功 / 上传失败 / 前端直传云存储失败).
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import type { AttachmentValue } from '@/core/attachment';
import { displayFileName } from '@/lib/format';
import { uploadSlice } from '@/lib/request/upload-slice';
import { largeUpload } from '@/locale/large-upload';
import './large-upload.css';

/** How long the full bar and 上传完成 stay after a file is stored. */
export const DONE_SHOWN_MS = 2000;

export interface LargeFileUploadProps {
  /** `chunked`: 大文件上传 through /api/tool/uploadslice; `oss`: 直传云存储. */
  mode: 'chunked' | 'oss';
  /** Attachment category the file is filed under (0 / absent: uncategorised). */
  acId?: number;
  onUploaded: (value: AttachmentValue) => void;
}

interface Running {
  name: string;
  percent: number;
  /** Where the upload is, under the transport's own unit (chunk, parts); absent when unknown. */
  step: string | undefined;
  done: boolean;
}

type Progress = (percent: number, step: string | undefined) => void;

async function sendFile(
  mode: LargeFileUploadProps['mode'],
  file: File,
  acId: number | undefined,
  onProgress: Progress,
  signal: AbortSignal,
): Promise<AttachmentValue | undefined> {
  if (mode === 'oss') {
    const { uploadToCloud } = await import('@/lib/upload-cloud');
    const result = await uploadToCloud(file, {
      acId,
      signal,
      onProgress: (percent, parts) =>
        onProgress(percent, parts && largeUpload.partsDone(parts.done, parts.total)),
    });
    return result.ok ? result.value : undefined;
  }
  const result = await uploadSlice(file, {
    acId,
    signal,
    onProgress: (percent, at) =>
      onProgress(percent, largeUpload.chunkStep(at.chunk, at.chunks, at.chunkPercent)),
  });
  if (!result.ok) return undefined;
  return { att_id: result.data.att_id, att_title: file.name, att_url: result.data.address };
}

export default function LargeFileUpload({ mode, acId, onUploaded }: LargeFileUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | undefined>(undefined);
  const doneTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [running, setRunning] = useState<Running | undefined>();

  // Leaving the screen stops the upload.
  useEffect(
    () => () => {
      controller.current?.abort();
      clearTimeout(doneTimer.current);
    },
    [],
  );

  async function start(file: File) {
    clearTimeout(doneTimer.current);
    const abort = new AbortController();
    controller.current = abort;
    // Shown without bidirectional controls, so a name cannot disguise its extension.
    setRunning({ name: displayFileName(file.name), percent: 0, step: undefined, done: false });
    const onProgress: Progress = (percent, step) =>
      setRunning((now) => (now && !abort.signal.aborted ? { ...now, percent, step } : now));
    let stored = false;
    try {
      const value = await sendFile(mode, file, acId, onProgress, abort.signal);
      stored = value !== undefined && !abort.signal.aborted;
      if (value && stored) onUploaded(value);
    } finally {
      if (controller.current === abort) {
        controller.current = undefined;
        if (stored) {
          setRunning((now) =>
            now ? { ...now, percent: 100, step: largeUpload.done, done: true } : now,
          );
          doneTimer.current = setTimeout(() => setRunning(undefined), DONE_SHOWN_MS);
        } else setRunning(undefined);
      }
    }
  }

  function cancel() {
    controller.current?.abort();
    controller.current = undefined;
    setRunning(undefined);
  }

  const label = mode === 'oss' ? largeUpload.cloudButton : largeUpload.chunkedButton;
  return (
    <span className="large-upload">
      <Button
        type="button"
        label={label}
        icon={mode === 'oss' ? 'pi pi-cloud-upload' : 'pi pi-upload'}
        size="small"
        outlined
        disabled={running !== undefined && !running.done}
        onClick={() => input.current?.click()}
      />
      <input
        ref={input}
        type="file"
        hidden
        aria-label={label}
        data-testid={`large-upload-input-${mode}`}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared so choosing the same file again starts another upload.
          event.currentTarget.value = '';
          if (file) void start(file);
        }}
      />
      {running && (
        <span
          className={`large-upload__progress${running.done ? ' large-upload__progress--done' : ''}`}
          role="status"
        >
          <span className="large-upload__name" title={running.name}>
            {running.done
              ? largeUpload.uploaded(running.name)
              : largeUpload.uploading(running.name)}
          </span>
          <ProgressBar
            value={running.percent}
            showValue={false}
            className="large-upload__bar"
            aria-label={largeUpload.progressLabel}
          />
          <span className="large-upload__percent">{largeUpload.percent(running.percent)}</span>
          {running.step && <span className="large-upload__step">{running.step}</span>}
          {!running.done && (
            <Button type="button" label={largeUpload.cancel} size="small" text onClick={cancel} />
          )}
        </span>
      )}
    </span>
  );
}
