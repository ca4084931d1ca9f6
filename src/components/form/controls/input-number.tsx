import { InputNumber } from 'primereact/inputnumber';
import { numberRulesOf } from '../schema';
import type { ControlProps } from './types';

/** Number input: min 1, max 99999, precision 2, step 1 unless parameData overrides them. */
export function InputNumberControl({
  field,
  id,
  value,
  onChange,
  onBlur,
  invalid,
  disabled,
  describedBy,
}: ControlProps) {
  const rules = numberRulesOf(field);
  const n = value === null || value === undefined || value === '' ? null : Number(value);
  return (
    <InputNumber
      inputId={id}
      aria-describedby={describedBy}
      value={Number.isFinite(n) ? n : null}
      min={rules.min}
      max={rules.max}
      step={rules.step}
      minFractionDigits={0}
      maxFractionDigits={rules.precision}
      useGrouping={false}
      showButtons
      placeholder={field.cf_placeholder ?? ''}
      invalid={invalid}
      disabled={disabled}
      onValueChange={(e) => onChange(e.value ?? null)}
      onBlur={onBlur}
    />
  );
}
