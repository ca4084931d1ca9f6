/**
 * The upload controls as the form registry sees them: thin wrappers that load the real
 * controls (FilePond, its plugins and CSS; the attachment library) with React.lazy when a form
 * showing one opens. Nothing heavy is reachable statically from here.
 */
import { lazy, Suspense } from 'react';
import { upload as t } from '@/locale/upload';
import type { ControlProps } from '../form/controls/types';
import { loadAttachmentControl, loadUploadControl } from './load';

const UploadControl = lazy(loadUploadControl);
const AttachmentControl = lazy(loadAttachmentControl);

const loading = <small className="upload-control__hint">{t.loadingWidget}</small>;

/** UploadImg, UploadFile, UploadImgArr, UploadFileArr. */
export function LazyUploadControl(props: ControlProps) {
  return (
    <Suspense fallback={loading}>
      <UploadControl {...props} />
    </Suspense>
  );
}

/** UploadAttachment, UploadAttachmentArr, UploadAttachmentFile, UploadAttachmentFileArr. */
export function LazyAttachmentControl(props: ControlProps) {
  return (
    <Suspense fallback={loading}>
      <AttachmentControl {...props} />
    </Suspense>
  );
}
