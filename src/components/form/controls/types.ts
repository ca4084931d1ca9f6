import type { FieldDefinition } from '@/core/field-definition';

/** What every control receives from the form: one field, its value and its handlers. */
export interface ControlProps {
  field: FieldDefinition;
  /** DOM id of the focusable element (the label points at it). */
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  invalid: boolean;
  disabled?: boolean;
}
