import { TreeSelect } from 'primereact/treeselect';
import { form as t } from '@/locale/form';
import { isRequired } from '../field-definition';
import { useFieldOptions } from '../option-sources';
import { OptionStatus } from './option-status';
import { findNode, keyOf, toTreeNodes } from './tree-options';
import type { ControlProps } from './types';

/**
 * The department tree shared by Department (dictionary Dep) and DepartmentAuth (dictionary
 * DepAuth); useFieldOptions picks the dictionary from the control type. Any department,
 * parent or leaf, can be chosen.
 */
export function DepartmentTree({
  field,
  id,
  value,
  onChange,
  onBlur,
  invalid,
  disabled,
}: ControlProps) {
  const { options, isLoading, isError } = useFieldOptions(field);
  const nodes = toTreeNodes(options);
  return (
    <>
      <TreeSelect
        inputId={id}
        value={keyOf(value)}
        options={nodes}
        filter
        filterBy="label"
        filterPlaceholder={t.treePlaceholder}
        placeholder={field.cf_placeholder || t.selectPlaceholder}
        showClear={!isRequired(field)}
        emptyMessage={t.emptyOptions}
        invalid={invalid}
        disabled={disabled}
        onChange={(e) => {
          const key = typeof e.value === 'string' ? e.value : null;
          onChange(key === null ? null : (findNode(nodes, key)?.data ?? key));
        }}
        onHide={onBlur}
      />
      <OptionStatus isLoading={isLoading} isError={isError} />
    </>
  );
}
