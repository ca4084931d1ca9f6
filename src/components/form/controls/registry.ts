import type { ComponentType } from 'react';
import type { ControlType } from '@/core/field-definition';
import type { ControlProps } from './types';
import { CalendarControl } from './calendar';
import { CheckboxControl, RadioControl } from './choices';
import { CityControl } from './city';
import { InputNumberControl } from './input-number';
import { SelectAllControl, SelectControl } from './select';
import { SelectTreeControl } from './select-tree';
import { SliderControl } from './slider';
import { SwitchControl } from './switch';
import { LazyAttachmentControl, LazyUploadControl } from '../../upload/lazy';
import { TextareaWithWordImport } from '../../upload/word-textarea';
import { InputControl, PasswordControl } from './text';
import { LazyEditorControl } from '../../editor/lazy';

/**
 * Control type → component. The upload, attachment and editor controls load their widgets
 * lazily.
 */
export const CONTROL_COMPONENTS: Record<ControlType, ComponentType<ControlProps>> = {
  input: InputControl,
  textarea: TextareaWithWordImport,
  InputNumber: InputNumberControl,
  DatePicker: CalendarControl,
  DateTimePicker: CalendarControl,
  TimePicker: CalendarControl,
  password: PasswordControl,
  radio: RadioControl,
  select: SelectControl,
  selectAll: SelectAllControl,
  checkbox: CheckboxControl,
  Switch: SwitchControl,
  Slider: SliderControl,
  Department: SelectTreeControl,
  DepartmentAuth: SelectTreeControl,
  SelectTree: SelectTreeControl,
  city: CityControl,
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
