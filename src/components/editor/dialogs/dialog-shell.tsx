/**
 * The one shell of the editor-internal dialogs (spec section 2) and their field rows: a
 * PrimeReact Dialog with the editor's class, 取消/确认 in the footer, labelled fields. Each dialog
 * (one file each, beside this one) hands plain values back to the editor. The editor remounts a
 * dialog for each opening (a new key) so its fields start from the values given then.
 */
import { useId, useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { editorDialogs } from '@/locale/editor';
import { keepFocusMovedOnClose } from './keep-user-focus';

/** What every dialog gets from the editor. */
export interface DialogProps {
  visible: boolean;
  onHide: () => void;
}

export function DialogShell({
  header,
  visible,
  onHide,
  width,
  onOk,
  okDisabled,
  footer,
  modeless,
  children,
}: DialogProps & {
  header: string;
  width: number | string;
  /** A footer of 取消 and 确认, which runs this. */
  onOk?: () => void;
  okDisabled?: boolean;
  /** Another footer instead. */
  footer?: ReactNode;
  /** Not modal: the text behind stays usable (search and replace). */
  modeless?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const [transitionOptions] = useState(() =>
    keepFocusMovedOnClose(() => document.getElementById(id)),
  );
  return (
    <Dialog
      id={id}
      transitionOptions={transitionOptions}
      modal={!modeless}
      blockScroll={false}
      draggable={false}
      className="re-dialog"
      header={header}
      visible={visible}
      onHide={onHide}
      style={{ width }}
      footer={
        onOk ? (
          <div className="re-dialog__footer">
            <Button
              type="button"
              label={editorDialogs.cancel}
              severity="secondary"
              outlined
              onClick={onHide}
            />
            <Button type="button" label={editorDialogs.ok} onClick={onOk} disabled={okDisabled} />
          </div>
        ) : (
          footer
        )
      }
    >
      {children}
    </Dialog>
  );
}

export function Field({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <div className="re-dialog__field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** A line of text; `invalid` marks it for the message under it, `onEnter` submits. */
export function TextField({
  label,
  id,
  value,
  onChange,
  invalid,
  autoFocus,
  onEnter,
}: {
  label: string;
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  autoFocus?: boolean;
  onEnter?: () => void;
}) {
  return (
    <Field label={label} id={id}>
      <InputText
        id={id}
        value={value}
        invalid={invalid}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onEnter && ((e) => e.key === 'Enter' && onEnter())}
      />
    </Field>
  );
}

/** A field's message under it (a screen reader hears it at once). */
export function ErrorText({ error }: { error: string }) {
  return error ? (
    <small className="p-error" role="alert">
      {error}
    </small>
  ) : null;
}

/** A whole number within bounds, without thousands separators. */
export function NumberField({
  label,
  id,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  id: string;
  value: number | undefined;
  min: number;
  max: number;
  onChange: (value: number | undefined) => void;
}) {
  return (
    <Field label={label} id={id}>
      <InputNumber
        inputId={id}
        value={value ?? null}
        min={min}
        max={max}
        useGrouping={false}
        onValueChange={(e) => onChange(e.value ?? undefined)}
      />
    </Field>
  );
}

export function CheckField({
  label,
  id,
  checked,
  onChange,
}: {
  label: string;
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="re-dialog__check">
      <Checkbox inputId={id} checked={checked} onChange={(e) => onChange(!!e.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** One of a few choices, as radio buttons under a legend (image float, chart type). */
export function ChoiceField<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  choices: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="re-dialog__floats">
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value}>
          <input
            type="radio"
            name={name}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />{' '}
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}
