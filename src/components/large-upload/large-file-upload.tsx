/**
 * The large-file uploader of the attachment library (spec sections 4, 7): a button that opens
 * the file picker, then a progress bar with its percent and 取消 while the file is sent.
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
}

async function sendFile(
  mode: LargeFileUploadProps['mode'],
  file: File,
  acId: number | undefined,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<AttachmentValue | undefined> {
  if (mode === 'oss') {
    const { uploadToCloud } = await import('@/lib/upload-cloud');
    const result = await uploadToCloud(file, { acId, onProgress, signal });
    return result.ok ? result.value : undefined;
  }
  const result = await uploadSlice(file, { acId, onProgress, signal });
  if (!result.ok) return undefined;
  return { att_id: result.data.att_id, att_title: file.name, att_url: result.data.address };
}

export default function LargeFileUpload({ mode, acId, onUploaded }: LargeFileUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | undefined>(undefined);
  const [running, setRunning] = useState<Running | undefined>();

  // Leaving the screen stops the upload.
  useEffect(() => () => controller.current?.abort(), []);

  async function start(file: File) {
    const abort = new AbortController();
    controller.current = abort;
    // Shown without bidirectional controls, so a name cannot disguise its extension.
    setRunning({ name: displayFileName(file.name), percent: 0 });
    const onProgress = (percent: number) =>
      setRunning((now) => (now && !abort.signal.aborted ? { ...now, percent } : now));
    try {
      const value = await sendFile(mode, file, acId, onProgress, abort.signal);
      if (value && !abort.signal.aborted) onUploaded(value);
    } finally {
      if (controller.current === abort) {
        controller.current = undefined;
        setRunning(undefined);
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
        disabled={running !== undefined}
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
        <span className="large-upload__progress" role="status">
          <span className="large-upload__name" title={running.name}>
            {largeUpload.uploading(running.name)}
          </span>
          <ProgressBar
            value={running.percent}
            showValue={false}
            className="large-upload__bar"
            aria-label={largeUpload.progressLabel}
          />
          <span className="large-upload__percent">{running.percent}%</span>
          <Button type="button" label={largeUpload.cancel} size="small" text onClick={cancel} />
        </span>
      )}
    </span>
  );
}
