export * from '@/core/field-definition';
export {
  buildFormSchema,
  defaultValuesOf,
  fieldSchema,
  sanitizeText,
  stripEmoji,
  maxLengthOf,
  numberRulesOf,
} from './schema';
export type { FormValues } from './schema';
export { useDynamicForm, revealField } from './use-dynamic-form';
export type { DynamicFormController, UseDynamicFormOptions } from './use-dynamic-form';
export { DynamicForm, DynamicFormView } from './dynamic-form';
export type { DynamicFormProps } from './dynamic-form';
export { useFieldOptions, optionsQuery, optionKeys, optionSourceOf } from './option-sources';
export type { OptionSource, FieldOptionsState } from './option-sources';
export { CONTROL_COMPONENTS } from './controls/registry';
export type { ControlProps } from './controls/types';
