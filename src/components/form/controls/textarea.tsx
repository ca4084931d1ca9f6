import { InputTextarea } from 'primereact/inputtextarea';
import { maxLengthOf, sanitizeText, stripEmoji } from '../schema';
import type { ControlProps } from './types';

/** Multi-line text (default max 200): emoji stripped while typing, trimmed on blur. */
export function TextareaControl({
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
    <InputTextarea
      id={id}
      value={text}
      rows={4}
      autoResize
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
