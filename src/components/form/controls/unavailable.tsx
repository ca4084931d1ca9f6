import { Message } from 'primereact/message';
import { form as t } from '@/locale/form';
import type { ControlProps } from './types';

/** Upload, attachment and editor controls arrive with their own work; until then, say so. */
export function UnavailableControl({ field, id }: ControlProps) {
  return <Message id={id} severity="warn" text={t.unavailable(field.cf_name)} />;
}
