import { InputText } from 'primereact/inputtext';
import { maxLengthOf, sanitizeText, stripEmoji } from '../schema';
import type { ControlProps } from './types';

/** Single-line text: emoji stripped while typing, trimmed on blur. */
export function InputControl({
  field,
  id,
  value,
  onChange,
  onBlur,
  invalid,
  disabled,
}: ControlProps) {
  const text = typeof value === 'string' ? value : value == null ? '' : String(value);
  return (
    <InputText
      id={id}
      value={text}
      placeholder={field.cf_placeholder ?? ''}
      maxLength={maxLengthOf(field)}
      invalid={invalid}
      disabled={disabled}
      onChange={(e) => onChange(stripEmoji(e.target.value))}
      onBlur={(e) => {
        onChange(sanitizeText(e.target.value));
        onBlur();
      }}
    />
  );
}
