import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { maxLengthOf, sanitizeText, stripEmoji } from '../schema';
import type { ControlProps } from './types';
import { textOf } from '@/core/guards';

type TextEvent = { target: { value: string } };

/** What the text controls share: emoji stripped while typing, trimmed on blur, length cap. */
export function textProps({
  field,
  value,
  onChange,
  onBlur,
  invalid,
  disabled,
  describedBy,
}: ControlProps) {
  return {
    'aria-describedby': describedBy,
    value: textOf(value),
    placeholder: field.cf_placeholder ?? '',
    maxLength: maxLengthOf(field),
    invalid,
    disabled,
    onChange: (e: TextEvent) => onChange(stripEmoji(e.target.value)),
    onBlur: (e: TextEvent) => {
      onChange(sanitizeText(e.target.value));
      onBlur();
    },
  };
}

/** Single-line text (default max 50). */
export function InputControl(props: ControlProps) {
  return <InputText id={props.id} {...textProps(props)} />;
}

/** Multi-line text (default max 200). */
export function TextareaControl(props: ControlProps) {
  return <InputTextarea id={props.id} rows={4} autoResize {...textProps(props)} />;
}
