/**
 * The upload controls as the form registry sees them: thin wrappers that load the real
 * controls (FilePond, its plugins and CSS; the attachment library) with React.lazy when a form
 * showing one opens. Nothing heavy is reachable statically from here.
 */
import { CodeSlot, lazyPreloaded } from '@/lib/lazy';
import { upload as t } from '@/locale/upload';
import type { ControlProps } from '../form/controls/types';
import { attachmentControlCode, uploadControlCode } from './load';

const UploadControl = lazyPreloaded(uploadControlCode, (module) => module.default);
const AttachmentControl = lazyPreloaded(attachmentControlCode, (module) => module.default);

const loading = <small className="upload-control__hint">{t.loadingWidget}</small>;

/** UploadImg, UploadFile, UploadImgArr, UploadFileArr. */
export function LazyUploadControl(props: ControlProps) {
  return (
    <CodeSlot loading={loading}>
      <UploadControl {...props} />
    </CodeSlot>
  );
}

/** UploadAttachment, UploadAttachmentArr, UploadAttachmentFile, UploadAttachmentFileArr. */
export function LazyAttachmentControl(props: ControlProps) {
  return (
    <CodeSlot loading={loading}>
      <AttachmentControl {...props} />
    </CodeSlot>
  );
}
