/**
 * The add/edit form of an imported source's resource as its request body declares it
 * (src/core/request-form.ts): the edit form, else the add form, else the record's fields; for a
 * `oneOf`/`anyOf` body a picker at the top of the form (提交类型) that switches the fields shown,
 * and a submit that sends only the chosen variant's fields with its discriminator value.
 */
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Dropdown } from 'primereact/dropdown';
import type { UseFormReturn } from 'react-hook-form';
import type { FieldDefinition } from '@/core/field-definition';
import type { ModuleRecord } from '@/core/module';
import { sentValues, variantFields, type RequestForm } from '@/core/request-form';
import { defaultValuesOf, type FormValues } from '@/components/form/schema';
import { requestForm as t } from '@/locale/request-form';
import type { ModuleDefinition } from './module-definition';

/** The form a mode shows; a module without request forms shows its fields in both. */
export function requestFormOf(module: ModuleDefinition, mode: 'add' | 'edit'): RequestForm {
  const form = mode === 'edit' ? (module.editForm ?? module.addForm) : module.addForm;
  return form ?? { fields: module.fields };
}

/**
 * The variant a stored record is: the one its discriminator value names, else the one most of
 * whose fields the record has (a droplet with `names` is the multiple one), else the first.
 */
function variantOfRecord(form: RequestForm, record: ModuleRecord | undefined): number {
  const variants = form.variants ?? [];
  if (!record) return 0;
  const named = variants.findIndex(
    (variant) =>
      variant.discriminator !== undefined &&
      record[variant.discriminator.field] === variant.discriminator.value,
  );
  if (named >= 0) return named;
  const held = variants.map(
    (variant) => variant.fields.filter((name) => record[name] !== undefined).length,
  );
  const best = Math.max(0, ...held);
  return Math.max(held.indexOf(best), 0);
}

export interface RequestFormState {
  /** The fields the chosen variant shows (all of them without variants). */
  fields: FieldDefinition[];
  /** The picker, or null where the body has one shape. */
  picker: ReactNode;
  /** The values a submit sends: the chosen variant's, with its discriminator value. */
  sent: (values: FormValues) => ModuleRecord;
}

export function useRequestForm(
  module: ModuleDefinition,
  mode: 'add' | 'edit',
  record?: ModuleRecord,
): RequestFormState {
  const form = useMemo(() => requestFormOf(module, mode), [module, mode]);
  const [chosen, setChosen] = useState(() => variantOfRecord(form, record));
  const pickerId = `request-form-variant-${useId().replace(/:/g, '')}`;
  const variant = form.variants?.[chosen];
  const fields = useMemo(() => variantFields(form, variant), [form, variant]);
  const variants = form.variants ?? [];
  const picker =
    variants.length > 1 ? (
      <div className="dynamic-form__field" data-field="__variant">
        <label className="dynamic-form__label" htmlFor={pickerId}>
          {t.variantLabel}
        </label>
        <Dropdown
          inputId={pickerId}
          value={chosen}
          options={variants.map((option, index) => ({
            label: option.label ?? t.variantNumber(index + 1),
            value: index,
          }))}
          optionLabel="label"
          optionValue="value"
          filter={variants.length > 10}
          onChange={(event) => {
            if (typeof event.value === 'number') setChosen(event.value);
          }}
        />
      </div>
    ) : null;
  return { fields, picker, sent: (values) => sentValues(form, variant, values) };
}

/**
 * A field a variant brings in starts from its empty value (the form's default values were
 * those of the fields first shown), so its control is controlled from the start.
 */
export function useFieldsStartEmpty(
  form: UseFormReturn<FormValues>,
  fields: readonly FieldDefinition[],
): void {
  useEffect(() => {
    const empty = defaultValuesOf(fields);
    for (const field of fields) {
      const name = field.cf_fieldname;
      if (form.getValues(name) === undefined) form.setValue(name, empty[name]);
    }
  }, [form, fields]);
}
