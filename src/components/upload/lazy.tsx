/**
 * The upload controls as the form registry sees them: thin wrappers that load the real
 * controls (FilePond, its plugins and CSS; the attachment library) with React.lazy when a form
 * showing one opens. Nothing heavy is reachable statically from here.
 */
import { CodeSlot, lazyPreloaded } from '@/lib/lazy';
import { upload as t } from '@/locale/upload';
import type { ControlProps } from '../form/controls/types';
import { ControlPlaceholder } from '../form/controls/control-placeholder';
import { attachmentControlCode, uploadControlCode } from './load';

const UploadControl = lazyPreloaded(uploadControlCode, (module) => module.default);
const AttachmentControl = lazyPreloaded(attachmentControlCode, (module) => module.default);

/**
 * An empty upload control's height: FilePond's drop area (4.75em), the gap and the line of limits
 * under it — the commonest case, a new record.
 */
const EMPTY_UPLOAD_HEIGHT = 'calc(4.75rem + 0.5rem + 1.25rem)';
const loading = <ControlPlaceholder text={t.loadingWidget} height={EMPTY_UPLOAD_HEIGHT} />;

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
