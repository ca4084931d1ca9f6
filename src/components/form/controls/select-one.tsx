/**
 * The single-choice drop-down on its own, without the multi-select: a list's filter bar draws it
 * without loading the rest of the form controls.
 */
import { Dropdown } from 'primereact/dropdown';
import { form as t } from '@/locale/form';
import { isRequired, type FieldOption } from '@/core/field-definition';
import { useFieldOptions } from '../option-sources';
import { OptionStatus } from './option-status';
import type { ControlProps } from './types';

/**
 * What the two drop-downs share (placeholder 请选择 by default; a filter past ten options); the
 * multi-select of ./select.tsx uses it too.
 */
export function listProps(
  { field, id, onBlur, invalid, disabled }: ControlProps,
  options: FieldOption[],
) {
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
