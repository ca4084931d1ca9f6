/**
 * The library's 上传 button: the files chosen go, one after another, into the chosen category
 * (images as images in an image library); one 上传成功 for the lot, then the page is read again.
 */
import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { uploadFile, type UploadKind } from '@/lib/request';
import { notify } from '@/lib/notify';
import { attachment as t } from '@/locale/attachment';
import { ATTACHMENT_TYPE } from './library-constants';
import type { LibraryKind } from './selection';

function uploadKindOf(file: File, kind: LibraryKind | undefined): UploadKind {
  if (kind) return kind;
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'media';
  return 'file';
}

export function LibraryUpload(props: {
  kind: LibraryKind | undefined;
  cateId: number;
  /** The button is shown only with the upload call's permission. */
  allowed: boolean;
  onUploaded: () => void;
}) {
  const { kind, cateId, onUploaded } = props;
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const upload = async (files: FileList | null) => {
    const chosen = Array.from(files ?? []);
    if (!chosen.length) return;
    setUploading(true);
    let uploaded = 0;
    for (const file of chosen) {
      const result = await uploadFile(file, {
        kind: uploadKindOf(file, kind),
        type: kind === 'image' ? ATTACHMENT_TYPE.image : undefined,
        attachmentCateId: cateId,
      });
      if (result.ok) uploaded += 1;
    }
    setUploading(false);
    if (fileInput.current) fileInput.current.value = '';
    if (uploaded) {
      notify.success(t.uploadSuccess);
      onUploaded();
    }
  };

  return (
    <>
      {props.allowed && (
        <Button
          type="button"
          label={uploading ? t.uploading : t.upload}
          icon="pi pi-upload"
          loading={uploading}
          onClick={() => fileInput.current?.click()}
        />
      )}
      <input
        ref={fileInput}
        type="file"
        hidden
        multiple
        accept={kind === 'image' ? 'image/*' : undefined}
        data-testid="attachment-upload-input"
        onChange={(event) => void upload(event.target.files)}
      />
    </>
  );
}
