import { RadioButton } from 'primereact/radiobutton';
import { useFieldOptions } from '../option-sources';
import { OptionStatus } from './option-status';
import type { ControlProps } from './types';

/** One choice among the field's options, shown as radio buttons. */
export function RadioControl({
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
    <div className="dynamic-form__choices" role="radiogroup" aria-labelledby={`${id}-label`}>
      {options.map((option, index) => {
        const optionId = index === 0 ? id : `${id}-${index}`;
        return (
          <span key={String(option.value)} className="dynamic-form__choice">
            <RadioButton
              inputId={optionId}
              name={field.cf_fieldname}
              value={option.value}
              checked={
                value !== null && value !== undefined && String(value) === String(option.value)
              }
              invalid={invalid}
              disabled={disabled || option.disabled}
              onChange={() => onChange(option.value)}
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
