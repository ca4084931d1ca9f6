import type { ComponentType } from 'react';
import type { ControlType } from '@/core/field-definition';
import type { ControlProps } from './types';
import { CheckboxControl, RadioControl } from './choices';
import { InputNumberControl } from './input-number';
import { SelectAllControl, SelectControl } from './select';
import { SwitchControl } from './switch';
import { LazyAttachmentControl, LazyUploadControl } from '../../upload/lazy';
import { TextareaWithWordImport } from '../../upload/word-textarea';
import { InputControl } from './text';
import {
  LazyCalendarControl,
  LazyCityControl,
  LazyPasswordControl,
  LazySelectTreeControl,
  LazySliderControl,
} from './lazy-controls';
import { LazyEditorControl } from '../../editor/lazy';

/**
 * Control type → component. The date pickers, tree selects, region picker, slider and password
 * field load their code on first use (./lazy-controls.tsx), as the upload, attachment and editor
 * controls load their widgets.
 */
export const CONTROL_COMPONENTS: Record<ControlType, ComponentType<ControlProps>> = {
  input: InputControl,
  textarea: TextareaWithWordImport,
  InputNumber: InputNumberControl,
  DatePicker: LazyCalendarControl,
  DateTimePicker: LazyCalendarControl,
  TimePicker: LazyCalendarControl,
  password: LazyPasswordControl,
  radio: RadioControl,
  select: SelectControl,
  selectAll: SelectAllControl,
  checkbox: CheckboxControl,
  Switch: SwitchControl,
  Slider: LazySliderControl,
  Department: LazySelectTreeControl,
  DepartmentAuth: LazySelectTreeControl,
  SelectTree: LazySelectTreeControl,
  city: LazyCityControl,
  UploadImg: LazyUploadControl,
  UploadFile: LazyUploadControl,
  UploadImgArr: LazyUploadControl,
  UploadFileArr: LazyUploadControl,
  UploadAttachment: LazyAttachmentControl,
  UploadAttachmentArr: LazyAttachmentControl,
  UploadAttachmentFile: LazyAttachmentControl,
  UploadAttachmentFileArr: LazyAttachmentControl,
  editor: LazyEditorControl,
};
