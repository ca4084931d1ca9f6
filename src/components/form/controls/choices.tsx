import type { ReactNode } from 'react';
import { Checkbox } from 'primereact/checkbox';
import { RadioButton } from 'primereact/radiobutton';
import type { FieldOption } from '@/core/field-definition';
import { useFieldOptions } from '../option-sources';
import { OptionStatus } from './option-status';
import type { ControlProps } from './types';
import { textOf } from '@/core/guards';

/** The field's options side by side, each an input with its label; the first takes `id`. */
function ChoiceGroup({
  field,
  id,
  role,
  renderInput,
}: Pick<ControlProps, 'field' | 'id'> & {
  role: 'group' | 'radiogroup';
  renderInput: (option: FieldOption, optionId: string) => ReactNode;
}) {
  const { options, isLoading, isError } = useFieldOptions(field);
  return (
    <div className="dynamic-form__choices" role={role} aria-labelledby={`${id}-label`}>
      {options.map((option, index) => {
        const optionId = index === 0 ? id : `${id}-${index}`;
        return (
          <span key={String(option.value)} className="dynamic-form__choice">
            {renderInput(option, optionId)}
            <label htmlFor={optionId}>{option.label}</label>
          </span>
        );
      })}
      <OptionStatus isLoading={isLoading} isError={isError} />
    </div>
  );
}

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
  const current: unknown[] = Array.isArray(value) ? value : [];
  const isChecked = (optionValue: string | number) =>
    current.some((item) => String(item) === String(optionValue));
  const toggle = (optionValue: string | number, on: boolean) =>
    onChange(
      on
        ? [...current, optionValue]
        : current.filter((item) => String(item) !== String(optionValue)),
    );
  return (
    <ChoiceGroup
      field={field}
      id={id}
      role="group"
      renderInput={(option, optionId) => (
        <Checkbox
          inputId={optionId}
          name={field.cf_fieldname}
          value={option.value}
          checked={isChecked(option.value)}
          invalid={invalid}
          disabled={disabled || option.disabled}
          onChange={(e) => toggle(option.value, Boolean(e.checked))}
          onBlur={onBlur}
        />
      )}
    />
  );
}

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
  return (
    <ChoiceGroup
      field={field}
      id={id}
      role="radiogroup"
      renderInput={(option, optionId) => (
        <RadioButton
          inputId={optionId}
          name={field.cf_fieldname}
          value={option.value}
          checked={value !== null && value !== undefined && textOf(value) === String(option.value)}
          invalid={invalid}
          disabled={disabled || option.disabled}
          onChange={() => onChange(option.value)}
          onBlur={onBlur}
        />
      )}
    />
  );
}
