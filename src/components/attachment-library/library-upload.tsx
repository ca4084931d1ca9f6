/**
 * The library's 上传 button: the files chosen go, one after another, into the chosen category
 * (images as images in an image library); one 上传成功 for the lot, then the page is read again.
 * A file over its kind's configured size (IMAGECONFIG / FILECONFIG) is refused here, before any
 * byte is sent, with the spec's wording (issue 51 item 9: a 14 MB image went up for 3.5 s first).
 */
import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { uploadFile, type UploadKind } from '@/lib/request';
import { notify } from '@/lib/notify';
import { sizeProblem } from '@/components/upload/limits';
import { useUploadLimits } from '@/components/upload/use-upload-limits';
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
  const imageLimits = useUploadLimits('image');
  const fileLimits = useUploadLimits('file');

  const upload = async (files: FileList | null) => {
    const accepted: { file: File; kind: UploadKind }[] = [];
    const problems = new Set<string>();
    for (const file of Array.from(files ?? [])) {
      const fileKind = uploadKindOf(file, kind);
      // Images go to uploadimg (IMAGECONFIG); files and videos to uploadfile/uploadmedia (FILECONFIG).
      const problem = sizeProblem(file, fileKind === 'image' ? imageLimits : fileLimits);
      if (problem) problems.add(problem);
      else accepted.push({ file, kind: fileKind });
    }
    for (const problem of problems) notify.error(problem);
    if (!accepted.length) {
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setUploading(true);
    let uploaded = 0;
    for (const { file, kind: fileKind } of accepted) {
      const result = await uploadFile(file, {
        kind: fileKind,
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
