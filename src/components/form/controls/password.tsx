import { Password } from 'primereact/password';
import { textProps } from './text';
import type { ControlProps } from './types';

/** Password (default max 20), masked with a reveal toggle, no strength meter. */
export function PasswordControl(props: ControlProps) {
  return (
    <Password
      inputId={props.id}
      feedback={false}
      toggleMask
      autoComplete="new-password"
      {...textProps(props)}
    />
  );
}
