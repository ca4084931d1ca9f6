import { MultiSelect } from 'primereact/multiselect';
import { useFieldOptions } from '../option-sources';
import { OptionStatus } from './option-status';
import { listProps } from './select-one';
import type { ControlProps } from './types';

export { SelectControl } from './select-one';

/** Several choices from a drop-down (value: the list of chosen values). */
export function SelectAllControl(props: ControlProps) {
  const { options, isLoading, isError } = useFieldOptions(props.field);
  return (
    <>
      <MultiSelect
        {...listProps(props, options)}
        value={Array.isArray(props.value) ? props.value : []}
        display="chip"
        onChange={(e) => props.onChange(e.value ?? [])}
      />
      <OptionStatus isLoading={isLoading} isError={isError} />
    </>
  );
}
