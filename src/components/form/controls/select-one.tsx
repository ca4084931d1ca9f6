/**
 * The single-choice drop-down on its own, without the multi-select: a list's filter bar draws it
 * without loading the rest of the form controls.
 */
import { Dropdown } from 'primereact/dropdown';
import { form as t } from '@/locale/form';
import { isRequired, type FieldOption } from '@/core/field-definition';
import { useFieldOptions } from '../option-sources';
import { OptionStatus } from './option-status';
import type { ControlProps } from './types';

/**
 * Past this many options the panel draws only the rows in view (PrimeReact's virtual scroller):
 * drawing all 5,000 values of a big enum kept the page busy 1.4 s (single) to 6 s (multiple)
 * before the panel opened (scripts/bench-enum.ts).
 */
export const VIRTUAL_LIST_MIN_OPTIONS = 51;

/**
 * Height of one option row in the lara theme (px: 0.75rem padding above and below a 1.5rem
 * line; scripts/bench-enum.ts prints it), which the virtual scroller steps by.
 */
const OPTION_ROW_PX = 48;

/**
 * What the two drop-downs share (placeholder 请选择 by default; a filter past ten options, a
 * virtual list past fifty); the multi-select of ./select.tsx uses it too.
 */
export function listProps(
  { field, id, onBlur, invalid, disabled, describedBy }: ControlProps,
  options: FieldOption[],
) {
  return {
    inputId: id,
    'aria-describedby': describedBy,
    options,
    optionLabel: 'label',
    optionValue: 'value',
    optionDisabled: 'disabled',
    placeholder: field.cf_placeholder || t.selectPlaceholder,
    filter: options.length > 10,
    virtualScrollerOptions:
      options.length >= VIRTUAL_LIST_MIN_OPTIONS ? { itemSize: OPTION_ROW_PX } : undefined,
    emptyMessage: t.emptyOptions,
    invalid,
    disabled,
    onBlur,
  };
}

/** One choice from a drop-down. */
export function SelectControl(props: ControlProps) {
  const { options, isLoading, isError } = useFieldOptions(props.field);
  return (
    <>
      <Dropdown
        {...listProps(props, options)}
        value={props.value ?? null}
        showClear={!isRequired(props.field)}
        onChange={(e) => props.onChange(e.value ?? null)}
      />
      <OptionStatus isLoading={isLoading} isError={isError} />
    </>
  );
}
