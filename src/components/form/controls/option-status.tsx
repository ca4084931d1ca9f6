import { form as t } from '@/locale/form';

/** Shown under a choice control while its options load or when they failed. */
export function OptionStatus({ isLoading, isError }: { isLoading: boolean; isError: boolean }) {
  if (isLoading) return <small className="dynamic-form__hint">{t.optionsLoading}</small>;
  if (isError) return <small className="p-error">{t.optionsFailed}</small>;
  return null;
}
