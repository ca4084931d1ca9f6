/**
 * One labelled text row of the attachment library's small dialogs (network attachment,
 * category): the label with its required star, the input bound to react-hook-form, and the
 * field's message under it (announced when it appears).
 */
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { InputText } from 'primereact/inputtext';

export function FieldMessage({ message }: { message: string | undefined }) {
  return (
    <small className="p-error" role={message ? 'alert' : undefined}>
      {message ?? ''}
    </small>
  );
}

export interface TextRowProps<Form extends FieldValues> {
  control: Control<Form>;
  name: FieldPath<Form>;
  /** DOM id of the input (the label points at it). */
  id: string;
  label: string;
  required?: boolean;
  placeholder?: string;
  /** The contract's maxLength of the field. */
  maxLength: number;
  error: string | undefined;
}

export function TextRow<Form extends FieldValues>({
  control,
  name,
  id,
  label,
  required = false,
  placeholder,
  maxLength,
  error,
}: TextRowProps<Form>) {
  return (
    <FormRow id={id} label={label} required={required}>
      <Controller
        name={name}
        control={control}
        render={({ field }) => (
          <InputText
            id={id}
            value={String(field.value ?? '')}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            placeholder={placeholder}
            maxLength={maxLength}
            invalid={Boolean(error)}
            className="w-full"
          />
        )}
      />
      <FieldMessage message={error} />
    </FormRow>
  );
}

/** The row frame: label (with the required star) and the field column. */
export function FormRow({
  id,
  label,
  required = false,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="attachment-form__row">
      <label htmlFor={id}>
        {required && <span className="attachment-form__required">*</span>}
        {label}
      </label>
      <div className="attachment-form__field">{children}</div>
    </div>
  );
}
