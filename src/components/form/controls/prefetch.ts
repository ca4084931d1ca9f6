/**
 * The controls of the form registry (./registry.ts) whose code loads on first use, by control
 * type: what a screen can fetch ahead of a form it is about to open (a list, when 新增 / 编辑 come
 * near), so that the form opens with its editor or upload widget instead of waiting a round trip
 * or two for them. Light on purpose: it names the loaders, it imports none of the controls.
 */
import type { ControlType, FieldDefinition } from '@/core/field-definition';
import { loadEditorControl } from '../../editor/load';
import { loadAttachmentControl, loadUploadControl } from '../../upload/load';

const LAZY_CONTROL_CODE: Partial<Record<ControlType, () => Promise<unknown>>> = {
  editor: loadEditorControl,
  UploadImg: loadUploadControl,
  UploadFile: loadUploadControl,
  UploadImgArr: loadUploadControl,
  UploadFileArr: loadUploadControl,
  UploadAttachment: loadAttachmentControl,
  UploadAttachmentArr: loadAttachmentControl,
  UploadAttachmentFile: loadAttachmentControl,
  UploadAttachmentFileArr: loadAttachmentControl,
};

/** Starts downloading the lazy controls these fields show (each module once: the browser keeps it). */
export function prefetchControls(fields: readonly Pick<FieldDefinition, 'cf_control'>[]): void {
  const loaders = new Set(fields.map((field) => LAZY_CONTROL_CODE[field.cf_control]));
  for (const load of loaders) {
    // A failed download is retried, and reported, when the form asks for the control itself.
    load?.().catch(() => undefined);
  }
}
