import type { KeyboardEvent, ReactNode } from 'react';
import './dynamic-form.css';
import { Controller } from 'react-hook-form';
import { Button } from 'primereact/button';
import { form as t } from '@/locale/form';
import { isRequired, type FieldDefinition } from '@/core/field-definition';
import { CONTROL_COMPONENTS } from './controls/registry';
import {
  useDynamicForm,
  type DynamicFormController,
  type UseDynamicFormOptions,
} from './use-dynamic-form';

interface DynamicFormViewProps {
  controller: DynamicFormController;
  disabled?: boolean;
  /** Rendered after the fields (buttons); omitted when the submit button lives elsewhere. */
  children?: ReactNode;
}

/**
 * Escape pressed in an open drop-down, tree select or date panel closes that panel only.
 * PrimeReact's dialog listens for Escape on the document, so without this the same key press
 * also closes the dialog around the form, and everything typed is lost. The key stops here
 * when it comes from a panel (portalled out of the form's DOM, yet a React child of one of its
 * controls) or from a field whose panel is open (some part of it says aria-expanded; the
 * control has closed the panel by now, but the DOM has not been updated yet).
 */
function keepEscapeInOverlay(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.key !== 'Escape' || !(event.target instanceof Element)) return;
  const fromPanel = !event.currentTarget.contains(event.target);
  const panelOpen = event.target.closest('[data-field]')?.querySelector('[aria-expanded="true"]');
  if (fromPanel || panelOpen) event.stopPropagation();
}

/** Renders a controller's fields; the logic lives in useDynamicForm. */
export function DynamicFormView({ controller, disabled, children }: DynamicFormViewProps) {
  const { form, visibleFields, formId, formRef, controlId, submit } = controller;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- onKeyDown is delegated from the controls inside (Escape closes their open overlay first)
    <form
      id={formId}
      ref={formRef}
      className="dynamic-form p-fluid"
      noValidate
      onSubmit={(event) => void submit(event)}
      onKeyDown={keepEscapeInOverlay}
    >
      {visibleFields.map((field) => (
        <FieldBlock
          key={field.cf_fieldname}
          field={field}
          controller={controller}
          id={controlId(field)}
          disabled={disabled}
        />
      ))}
      {children}
      {/* Keeps "Enter submits" working when the visible button is outside the form. */}
      {!children && <button type="submit" hidden aria-hidden="true" tabIndex={-1} />}
      {form.formState.isSubmitting ? (
        <span className="dynamic-form__busy" aria-busy="true" />
      ) : null}
    </form>
  );
}

function FieldBlock({
  field,
  controller,
  id,
  disabled,
}: {
  field: FieldDefinition;
  controller: DynamicFormController;
  id: string;
  disabled?: boolean;
}) {
  const Control = CONTROL_COMPONENTS[field.cf_control] ?? CONTROL_COMPONENTS.input;
  const helpId = field.help ? `${id}-help` : undefined;
  const errorId = `${id}-error`;
  return (
    <Controller
      name={field.cf_fieldname}
      control={controller.form.control}
      render={({ field: rhf, fieldState }) => (
        <div className="field dynamic-form__field" data-field={field.cf_fieldname}>
          <div className="dynamic-form__label">
            {isRequired(field) && (
              <span className="dynamic-form__required" aria-hidden="true">
                *
              </span>
            )}
            <label id={`${id}-label`} htmlFor={id}>
              {field.cf_name}
            </label>
          </div>
          <Control
            field={field}
            id={id}
            value={rhf.value}
            onChange={rhf.onChange}
            onBlur={rhf.onBlur}
            invalid={Boolean(fieldState.error)}
            disabled={disabled}
            formContext={controller.context}
            registerBeforeSubmit={controller.registerBeforeSubmit}
            describedBy={
              [helpId, fieldState.error?.message ? errorId : undefined].filter(Boolean).join(' ') ||
              undefined
            }
          />
          {field.help && (
            <small id={helpId} className="dynamic-form__help">
              {field.help}
            </small>
          )}
          {fieldState.error?.message && (
            <small id={errorId} className="p-error" role="alert">
              {fieldState.error.message}
            </small>
          )}
        </div>
      )}
    />
  );
}

export interface DynamicFormProps extends UseDynamicFormOptions {
  disabled?: boolean;
  /** Submit button label; defaults to 提交. */
  submitLabel?: string;
  /** The values shown disabled and no submit button: for a user who may not save them. */
  readOnly?: boolean;
}

/**
 * A complete form from field definitions, with its own submit button (busy while submitting).
 * @example <DynamicForm fields={noticeFields} onSubmit={(values) => api.add(values)} />
 */
export function DynamicForm({ disabled, submitLabel, readOnly, ...options }: DynamicFormProps) {
  const controller = useDynamicForm(options);
  return (
    <DynamicFormView controller={controller} disabled={disabled || readOnly}>
      {readOnly ? null : (
        <div className="dynamic-form__actions">
          <Button
            type="submit"
            label={submitLabel ?? t.submit}
            loading={controller.isSubmitting}
            disabled={disabled || controller.isSubmitting}
          />
        </div>
      )}
    </DynamicFormView>
  );
}
