/**
 * The headless core of the dynamic form: react-hook-form + the yup schema built from the
 * field definitions, scroll-to-first-error, submit state. The view (DynamicForm) only renders.
 */
import { useCallback, useId, useMemo, useRef, type BaseSyntheticEvent } from 'react';
import { useForm, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import type { FieldDefinition } from '@/core/field-definition';
import { buildFormSchema, defaultValuesOf, type FormValues } from './schema';
import { showServerFieldErrors } from './server-errors';
import type { AfterSaveStep, BeforeSubmitStep, FormContext } from './controls/types';

export interface UseDynamicFormOptions {
  fields: readonly FieldDefinition[];
  /** The record being edited; its values override the fields' defaults. */
  record?: Record<string, unknown>;
  /**
   * Called with the cleaned values (trimmed text, typed numbers). A rejected promise keeps
   * the form as typed; the caller reports the error.
   */
  onSubmit: (values: FormValues) => unknown;
  /** Add or edit of which record; handed to every control. */
  context?: FormContext;
}

export interface DynamicFormController {
  form: UseFormReturn<FormValues>;
  /** Fields the user sees (primary keys are carried but hidden). */
  visibleFields: FieldDefinition[];
  /** DOM id of the <form>, for submit buttons placed outside it (dialog footers). */
  formId: string;
  formRef: React.RefObject<HTMLFormElement | null>;
  /** DOM id of a field's focusable element. */
  controlId: (field: FieldDefinition) => string;
  submit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  isSubmitting: boolean;
  context?: FormContext;
  /** Handed to every control (see ControlProps.registerBeforeSubmit). */
  registerBeforeSubmit: (step: BeforeSubmitStep) => () => void;
}

const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), button:not([disabled])';

/** Scrolls a field's block into view and focuses its first focusable element. */
export function revealField(container: HTMLElement | null, fieldName: string): void {
  const block = container?.querySelector<HTMLElement>(`[data-field="${CSS.escape(fieldName)}"]`);
  if (!block) return;
  // Optional call: some embedded browsers (and jsdom) lack scrollIntoView.
  block.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  block.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
}

/** A step that has not answered by then lets the submit go on with the value the form holds. */
const BEFORE_SUBMIT_TIMEOUT_MS = 2000;

/** Runs the controls' before-submit steps together; returns their after-save steps. */
async function runBeforeSubmit(steps: readonly BeforeSubmitStep[]): Promise<AfterSaveStep[]> {
  const results = await Promise.all(
    steps.map((step) =>
      Promise.race([
        step().catch((error: unknown) => {
          // A control that cannot hand its value over leaves the one the form already holds.
          console.warn('form control not flushed before submit', error);
        }),
        new Promise<void>((resolve) => setTimeout(resolve, BEFORE_SUBMIT_TIMEOUT_MS)),
      ]),
    ),
  );
  return results.filter((result): result is AfterSaveStep => typeof result === 'function');
}

export function useDynamicForm({
  fields,
  record,
  onSubmit,
  context,
}: UseDynamicFormOptions): DynamicFormController {
  const baseId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const schema = useMemo(() => buildFormSchema(fields), [fields]);
  const defaultValues = useMemo(() => defaultValuesOf(fields, record), [fields, record]);
  const visibleFields = useMemo(() => fields.filter((field) => field.cf_ispri !== 1), [fields]);

  const form = useForm<FormValues>({
    resolver: yupResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // We focus ourselves: the first invalid field in form order, scrolled into view.
    shouldFocusError: false,
  });

  const onInvalid = (errors: FieldErrors<FormValues>) => {
    const first = visibleFields.find((field) => errors[field.cf_fieldname]);
    if (first) revealField(formRef.current, first.cf_fieldname);
  };

  const beforeSubmitSteps = useRef(new Set<BeforeSubmitStep>());
  const registerBeforeSubmit = useCallback((step: BeforeSubmitStep) => {
    beforeSubmitSteps.current.add(step);
    return () => {
      beforeSubmitSteps.current.delete(step);
    };
  }, []);

  const submit = async (event?: BaseSyntheticEvent) => {
    // The browser's own submit is stopped now: the steps below are awaited first.
    event?.preventDefault();
    // Controls that hold their value back (the editor) hand it over before validation, so a
    // submit made right after typing carries what was typed.
    const afterSave = await runBeforeSubmit([...beforeSubmitSteps.current]);
    await form.handleSubmit(async (values) => {
      try {
        await onSubmit(values);
      } catch (error) {
        // The caller has shown the error; keeping the values is the point. What the server
        // said about single fields goes under them, the first of them brought into view.
        const placed = showServerFieldErrors(form, visibleFields, error);
        if (placed[0] !== undefined) revealField(formRef.current, placed[0]);
        return;
      }
      // Captured before the save, so they run even if the caller's close unmounted the control.
      for (const step of afterSave) step();
    }, onInvalid)(event);
  };

  return {
    form,
    visibleFields,
    formId: `dynamic-form-${baseId.replace(/:/g, '')}`,
    formRef,
    controlId: (field) => `${baseId.replace(/:/g, '')}-${field.cf_fieldname}`,
    submit,
    isSubmitting: form.formState.isSubmitting,
    context,
    registerBeforeSubmit,
  };
}
