import { Slider } from 'primereact/slider';
import { sliderRulesOf } from '../schema';
import type { ControlProps } from './types';

/** A number picked on a slider (0–100 step 1 unless parameData says otherwise). */
export function SliderControl({ field, id, value, onChange, disabled }: ControlProps) {
  const rules = sliderRulesOf(field);
  const n = Number(value);
  const current = Number.isFinite(n) && value !== null && value !== '' ? n : rules.min;
  return (
    <span className="dynamic-form__slider">
      <Slider
        id={id}
        value={current}
        min={rules.min}
        max={rules.max}
        step={rules.step}
        disabled={disabled}
        aria-label={field.cf_name}
        onChange={(e) => onChange(Array.isArray(e.value) ? e.value[0] : e.value)}
      />
      <output htmlFor={id}>{current}</output>
    </span>
  );
}
