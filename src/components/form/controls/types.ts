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
  /** Ids of the texts that describe the input (its help text, its error), for aria-describedby. */
  describedBy?: string;
  /** Which record the form is for (a control keeping state per record, e.g. editor drafts). */
  formContext?: FormContext;
  /**
   * For a control whose value reaches the form late (the editor saves asynchronously): registers
   * a step the form awaits before it validates a submit. Returns the unregister function.
   */
  registerBeforeSubmit?: (step: BeforeSubmitStep) => () => void;
}

/** Add or edit of record N: tells apart the forms of one screen. */
export interface FormContext {
  mode: 'add' | 'edit';
  recordId?: string | number;
}

/**
 * Hands the control's latest value to the form (through its onChange) and returns what to do
 * once the server has accepted this save, if anything — called even when the control has been
 * unmounted by then (a dialog that closes on success), because it was captured at submit time.
 */
export type BeforeSubmitStep = () => Promise<AfterSaveStep | void>;
export type AfterSaveStep = () => void;
