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
  /** Which record the form is for (a control keeping state per record, e.g. editor drafts). */
  formContext?: FormContext;
}

/** Add or edit of record N: tells apart the forms of one screen. */
export interface FormContext {
  mode: 'add' | 'edit';
  recordId?: string | number;
}

/**
 * Dispatched on the <form> element once onSubmit has resolved (the server accepted the save),
 * before the caller's follow-up renders: controls that keep unsaved work (drafts) drop it then,
 * and only then.
 */
export const FORM_SAVED_EVENT = 'dynamic-form:saved';
