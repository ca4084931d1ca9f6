import { Password } from 'primereact/password';
import { maxLengthOf, sanitizeText, stripEmoji } from '../schema';
import type { ControlProps } from './types';

/** Password (default max 20), masked with a reveal toggle, no strength meter. */
export function PasswordControl({
  field,
  id,
  value,
  onChange,
  onBlur,
  invalid,
  disabled,
}: ControlProps) {
  const text = typeof value === 'string' ? value : '';
  return (
    <Password
      inputId={id}
      value={text}
      feedback={false}
      toggleMask
      placeholder={field.cf_placeholder ?? ''}
      maxLength={maxLengthOf(field)}
      invalid={invalid}
      disabled={disabled}
      autoComplete="new-password"
      onChange={(e) => onChange(stripEmoji(e.target.value))}
      onBlur={(e) => {
        onChange(sanitizeText(e.target.value));
        onBlur();
      }}
    />
  );
}
