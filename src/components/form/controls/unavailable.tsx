import { Message } from 'primereact/message';
import { form as t } from '@/locale/form';
import type { ControlProps } from './types';

/** The editor control arrives with its own work; until then, say so. */
export function UnavailableControl({ field, id }: ControlProps) {
  return <Message id={id} severity="warn" text={t.unavailable(field.cf_name)} />;
}
