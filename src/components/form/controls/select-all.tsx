import { MultiSelect } from 'primereact/multiselect';
import { form as t } from '@/locale/form';
import { useFieldOptions } from '../option-sources';
import { OptionStatus } from './option-status';
import type { ControlProps } from './types';

/** Several choices from a drop-down (value: the list of chosen values). */
export function SelectAllControl({
  field,
  id,
  value,
  onChange,
  onBlur,
  invalid,
  disabled,
}: ControlProps) {
  const { options, isLoading, isError } = useFieldOptions(field);
  return (
    <>
      <MultiSelect
        inputId={id}
        value={Array.isArray(value) ? value : []}
        options={options}
        optionLabel="label"
        optionValue="value"
        optionDisabled="disabled"
        display="chip"
        placeholder={field.cf_placeholder || t.selectPlaceholder}
        filter={options.length > 10}
        emptyMessage={t.emptyOptions}
        invalid={invalid}
        disabled={disabled}
        onChange={(e) => onChange(e.value ?? [])}
        onBlur={onBlur}
      />
      <OptionStatus isLoading={isLoading} isError={isError} />
    </>
  );
}
