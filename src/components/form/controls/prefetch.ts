/**
 * The controls of the form registry (./registry.ts) whose code loads on first use, by control
 * type: what a screen can fetch ahead of a form it is about to open (a list, when 新增 / 编辑 come
 * near), so that the form opens with its editor, upload widget or date picker instead of waiting a round trip
 * or two for them. Light on purpose: it names the loaders, it imports none of the controls.
 */
import type { ControlType, FieldDefinition } from '@/core/field-definition';
import type { Preloadable } from '@/lib/lazy';
import { editorControlCode } from '../../editor/load';
import { attachmentControlCode, uploadControlCode } from '../../upload/load';
import { calendarCode, cityCode, passwordCode, selectTreeCode, sliderCode } from './lazy-code';

const LAZY_CONTROL_CODE: Partial<Record<ControlType, Preloadable<unknown>>> = {
  DatePicker: calendarCode,
  DateTimePicker: calendarCode,
  TimePicker: calendarCode,
  password: passwordCode,
  Slider: sliderCode,
  Department: selectTreeCode,
  DepartmentAuth: selectTreeCode,
  SelectTree: selectTreeCode,
  city: cityCode,
  editor: editorControlCode,
  UploadImg: uploadControlCode,
  UploadFile: uploadControlCode,
  UploadImgArr: uploadControlCode,
  UploadFileArr: uploadControlCode,
  UploadAttachment: attachmentControlCode,
  UploadAttachmentArr: attachmentControlCode,
  UploadAttachmentFile: attachmentControlCode,
  UploadAttachmentFileArr: attachmentControlCode,
};

/** Starts downloading the lazy controls these fields show (each module once: the browser keeps it). */
export function prefetchControls(fields: readonly Pick<FieldDefinition, 'cf_control'>[]): void {
  const codes = new Set(fields.map((field) => LAZY_CONTROL_CODE[field.cf_control]));
  for (const code of codes) {
    // A failed download is retried, and reported, when the form asks for the control itself.
    code?.load().catch(() => undefined);
  }
}
