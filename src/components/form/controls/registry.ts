import type { ComponentType } from 'react';
import type { ControlType } from '../field-definition';
import type { ControlProps } from './types';
import { CheckboxControl } from './checkbox';
import { CityControl } from './city';
import { DatePickerControl } from './date-picker';
import { DateTimePickerControl } from './date-time-picker';
import { DepartmentControl } from './department';
import { DepartmentAuthControl } from './department-auth';
import { InputControl } from './input';
import { InputNumberControl } from './input-number';
import { PasswordControl } from './password';
import { RadioControl } from './radio';
import { SelectControl } from './select';
import { SelectAllControl } from './select-all';
import { SelectTreeControl } from './select-tree';
import { SliderControl } from './slider';
import { SwitchControl } from './switch';
import { TextareaControl } from './textarea';
import { TimePickerControl } from './time-picker';
import { UnavailableControl } from './unavailable';

/** Control type → component. Upload, attachment and editor controls are deferred. */
export const CONTROL_COMPONENTS: Record<ControlType, ComponentType<ControlProps>> = {
  input: InputControl,
  textarea: TextareaControl,
  InputNumber: InputNumberControl,
  DatePicker: DatePickerControl,
  DateTimePicker: DateTimePickerControl,
  TimePicker: TimePickerControl,
  password: PasswordControl,
  radio: RadioControl,
  select: SelectControl,
  selectAll: SelectAllControl,
  checkbox: CheckboxControl,
  Switch: SwitchControl,
  Slider: SliderControl,
  Department: DepartmentControl,
  DepartmentAuth: DepartmentAuthControl,
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
