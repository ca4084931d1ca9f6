/**
 * The add or edit form of an imported source's resource when it follows the request body, not
 * the record (`NewArticle` / `UpdateArticle`, not `Article`): `cli generate` writes one where
 * the body differs from the record's form, the CRUD form shows it. A `oneOf`/`anyOf` body is a
 * set of variants — a picker at the top of the form chooses one, and only its fields are sent.
 * Dependency-free: the generator and the app share it.
 */
import type { FieldDefinition } from './field-definition';

/** One choice of a `oneOf`/`anyOf` request body (DigitalOcean's single or multiple droplets). */
export interface FormVariant {
  /**
   * The picker's text: the variant's x-admin label, title, schema name made readable or
   * discriminator value. Absent (an inline variant without any): the picker numbers it.
   */
  label?: string;
  /** The names of the form's fields this variant sends (the primary key travels anyway). */
  fields: string[];
  /** The discriminator property and this variant's value, sent with its fields. */
  discriminator?: { field: string; value: string };
}

export interface RequestForm {
  /** The fields, in order: every variant's when there are variants, each once. */
  fields: FieldDefinition[];
  /** Present for a `oneOf`/`anyOf` body: the picker's choices, the first chosen at first. */
  variants?: FormVariant[];
}

/** The form's fields a variant shows: its own and the primary key (hidden, sent on edit). */
export function variantFields(
  form: RequestForm,
  variant: FormVariant | undefined,
): FieldDefinition[] {
  if (!variant) return form.fields;
  return form.fields.filter(
    (field) => field.cf_ispri === 1 || variant.fields.includes(field.cf_fieldname),
  );
}

/**
 * What a submit sends: the chosen variant's values (the others typed before switching are left
 * out) with its discriminator value.
 *
 * @example sentValues({ fields, variants: [{ label: 'One', fields: ['name'] }] }, 0, { name: 'a', names: 'b' }) // { name: 'a' }
 */
export function sentValues(
  form: RequestForm,
  variant: FormVariant | undefined,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const shown = new Set(variantFields(form, variant).map((field) => field.cf_fieldname));
  const sent = Object.fromEntries(Object.entries(values).filter(([name]) => shown.has(name)));
  if (variant?.discriminator) sent[variant.discriminator.field] = variant.discriminator.value;
  return sent;
}
