import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { form as t } from '@/locale/form';
import { isRequired, type FieldOption } from '@/core/field-definition';
import { useFieldOptions } from '../option-sources';
import { OptionStatus } from './option-status';
import type { ControlProps } from './types';

/** What the two drop-downs share (placeholder 请选择 by default; a filter past ten options). */
function listProps({ field, id, onBlur, invalid, disabled }: ControlProps, options: FieldOption[]) {
  return {
    inputId: id,
    options,
    optionLabel: 'label',
    optionValue: 'value',
    optionDisabled: 'disabled',
    placeholder: field.cf_placeholder || t.selectPlaceholder,
    filter: options.length > 10,
    emptyMessage: t.emptyOptions,
    invalid,
    disabled,
    onBlur,
  };
}

/** One choice from a drop-down. */
export function SelectControl(props: ControlProps) {
  const { options, isLoading, isError } = useFieldOptions(props.field);
  return (
    <>
      <Dropdown
        {...listProps(props, options)}
        value={props.value ?? null}
        showClear={!isRequired(props.field)}
        onChange={(e) => props.onChange(e.value ?? null)}
      />
      <OptionStatus isLoading={isLoading} isError={isError} />
    </>
  );
}

/** Several choices from a drop-down (value: the list of chosen values). */
export function SelectAllControl(props: ControlProps) {
  const { options, isLoading, isError } = useFieldOptions(props.field);
  return (
    <>
      <MultiSelect
        {...listProps(props, options)}
        value={Array.isArray(props.value) ? props.value : []}
        display="chip"
        onChange={(e) => props.onChange(e.value ?? [])}
      />
      <OptionStatus isLoading={isLoading} isError={isError} />
    </>
  );
}
