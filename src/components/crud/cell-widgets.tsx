/**
 * The widgets a list cell draws, as plain elements with the theme's classes: PrimeReact's Tag,
 * InputSwitch and Checkbox resolve their pass-through options on every render, and a page of 80
 * rows draws hundreds of them (most of the time a list took to draw). These look, read and
 * behave the same for what a cell needs: a label, an on/off switch, a row checkbox.
 */
import type { ChangeEvent } from 'react';
import { CheckIcon } from 'primereact/icons/check';
import './cell-widgets.css';

/** PrimeReact's Tag: a label, optionally coloured by severity. */
export function CellTag({ value, severity }: { value: string; severity?: 'success' | 'danger' }) {
  return (
    <span className={`p-tag p-component${severity ? ` p-tag-${severity}` : ''}`}>
      <span className="p-tag-value">{value}</span>
    </span>
  );
}

/** PrimeReact's InputSwitch: a native checkbox in the switch role under the theme's slider. */
export function CellSwitch({
  checked,
  disabled,
  label,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  label: string;
  onChange: (on: boolean) => void;
}) {
  return (
    <div
      className={`p-inputswitch p-component${checked ? ' p-highlight' : ''}${disabled ? ' p-disabled' : ''}`}
      role="none"
    >
      <input
        type="checkbox"
        role="switch"
        className="p-inputswitch-input"
        checked={checked}
        aria-checked={checked}
        disabled={disabled}
        aria-label={label}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.checked)}
      />
      <span className="p-inputswitch-slider" />
    </div>
  );
}

/** PrimeReact's Checkbox: a native checkbox (named by `label`) under the theme's box. */
export function RowCheckbox({
  checked,
  label,
  onChange,
}: {
  checked: boolean;
  label: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className={`p-checkbox p-component${checked ? ' p-highlight' : ''}`}>
      <input
        type="checkbox"
        className="p-checkbox-input"
        checked={checked}
        aria-label={label}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.checked)}
      />
      <div className="p-checkbox-box">{checked && <CheckIcon className="p-checkbox-icon" />}</div>
    </div>
  );
}
