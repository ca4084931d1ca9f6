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
import { InputControl, PasswordControl, TextareaControl } from './text';
import { UnavailableControl } from './unavailable';

/** Control type → component. Upload, attachment and editor controls are deferred. */
export const CONTROL_COMPONENTS: Record<ControlType, ComponentType<ControlProps>> = {
  input: InputControl,
  textarea: TextareaControl,
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
  UploadImg: UnavailableControl,
  UploadFile: UnavailableControl,
  UploadImgArr: UnavailableControl,
  UploadFileArr: UnavailableControl,
  UploadAttachment: UnavailableControl,
  UploadAttachmentArr: UnavailableControl,
  UploadAttachmentFile: UnavailableControl,
  UploadAttachmentFileArr: UnavailableControl,
  editor: UnavailableControl,
};
