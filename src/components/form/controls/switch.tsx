import { InputSwitch } from 'primereact/inputswitch';
import { SWITCH_OFF, SWITCH_ON } from '@/core/field-definition';
import { form as t } from '@/locale/form';
import type { ControlProps } from './types';

/** On/off switch; the value is 1 on, 2 off (spec section 3). */
export function SwitchControl({ id, value, onChange, onBlur, invalid, disabled }: ControlProps) {
  const on = Number(value) === SWITCH_ON;
  return (
    <span className="dynamic-form__switch">
      <InputSwitch
        inputId={id}
        checked={on}
        invalid={invalid}
        disabled={disabled}
        onChange={(e) => onChange(e.value ? SWITCH_ON : SWITCH_OFF)}
        onBlur={onBlur}
      />
      <span aria-hidden="true">{on ? t.switchOn : t.switchOff}</span>
    </span>
  );
}
