import { Dropdown } from 'primereact/dropdown';
import { form as t } from '@/locale/form';
import { isRequired } from '../field-definition';
import { useFieldOptions } from '../option-sources';
import { OptionStatus } from './option-status';
import type { ControlProps } from './types';

/** One choice from a drop-down (placeholder 请选择 by default). */
export function SelectControl({
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
      <Dropdown
        inputId={id}
        value={value ?? null}
        options={options}
        optionLabel="label"
        optionValue="value"
        optionDisabled="disabled"
        placeholder={field.cf_placeholder || t.selectPlaceholder}
        filter={options.length > 10}
        showClear={!isRequired(field)}
        emptyMessage={t.emptyOptions}
        invalid={invalid}
        disabled={disabled}
        onChange={(e) => onChange(e.value ?? null)}
        onBlur={onBlur}
      />
      <OptionStatus isLoading={isLoading} isError={isError} />
    </>
  );
}
