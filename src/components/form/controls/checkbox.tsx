import { Checkbox } from 'primereact/checkbox';
import { useFieldOptions } from '../option-sources';
import { OptionStatus } from './option-status';
import type { ControlProps } from './types';

/** Several choices among the field's options (value: the list of checked values). */
export function CheckboxControl({
  field,
  id,
  value,
  onChange,
  onBlur,
  invalid,
  disabled,
}: ControlProps) {
  const { options, isLoading, isError } = useFieldOptions(field);
  const checked = Array.isArray(value) ? value.map(String) : [];
  const toggle = (optionValue: string | number, on: boolean) => {
    const current = Array.isArray(value) ? (value as Array<string | number>) : [];
    const next = on
      ? [...current, optionValue]
      : current.filter((item) => String(item) !== String(optionValue));
    onChange(next);
  };
  return (
    <div className="dynamic-form__choices" role="group" aria-labelledby={`${id}-label`}>
      {options.map((option, index) => {
        const optionId = index === 0 ? id : `${id}-${index}`;
        return (
          <span key={String(option.value)} className="dynamic-form__choice">
            <Checkbox
              inputId={optionId}
              name={field.cf_fieldname}
              value={option.value}
              checked={checked.includes(String(option.value))}
              invalid={invalid}
              disabled={disabled || option.disabled}
              onChange={(e) => toggle(option.value, Boolean(e.checked))}
              onBlur={onBlur}
            />
            <label htmlFor={optionId}>{option.label}</label>
          </span>
        );
      })}
      <OptionStatus isLoading={isLoading} isError={isError} />
    </div>
  );
}
