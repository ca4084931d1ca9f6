import { useMemo, useState, type ReactNode } from 'react';
import { TreeSelect } from 'primereact/treeselect';
import type { TreeNode } from 'primereact/treenode';
import { form as t } from '@/locale/form';
import { booleanParam, isRequired } from '@/core/field-definition';
import { useFieldOptions, type FieldOptionsState } from '../option-sources';
import { OptionStatus } from './option-status';
import { findNode, keyOf, toTreeNodes } from './tree-options';
import type { ControlProps } from './types';

/**
 * The TreeSelect of every tree control: label filter (placeholder 检索关键字), clearable
 * unless required, the options' load state below. `onPick` gets the chosen node's key.
 */
export function TreePicker({
  field,
  id,
  onBlur,
  invalid,
  disabled,
  nodes,
  selected,
  placeholder,
  state,
  valueTemplate,
  onPick,
  children,
}: Pick<ControlProps, 'field' | 'id' | 'onBlur' | 'invalid' | 'disabled'> & {
  nodes: TreeNode[];
  selected: string | null;
  /** Used when the field has no cf_placeholder. */
  placeholder: string;
  state: Pick<FieldOptionsState, 'isLoading' | 'isError'>;
  valueTemplate?: () => ReactNode;
  onPick: (key: string | null) => void;
  /** Shown between the select and the load state. */
  children?: ReactNode;
}) {
  return (
    <>
      <TreeSelect
        inputId={id}
        value={selected}
        options={nodes}
        filter
        filterBy="label"
        filterPlaceholder={t.treePlaceholder}
        placeholder={field.cf_placeholder || placeholder}
        showClear={!isRequired(field)}
        emptyMessage={t.emptyOptions}
        invalid={invalid}
        disabled={disabled}
        valueTemplate={valueTemplate}
        onChange={(e) => onPick(typeof e.value === 'string' ? e.value : null)}
        onHide={onBlur}
      />
      {children}
      <OptionStatus isLoading={state.isLoading} isError={state.isError} />
    </>
  );
}

/**
 * SelectTree, Department and DepartmentAuth (spec section 6; useFieldOptions reads the
 * dictionary Dep / DepAuth for the department controls). Each is the spec's tree select: it
 * refuses a node that has children (存在下级不能选择) unless parameData.checkStrictly (or
 * parentCheck) is on.
 */
export function SelectTreeControl({
  field,
  id,
  value,
  onChange,
  onBlur,
  invalid,
  disabled,
}: ControlProps) {
  const state = useFieldOptions(field);
  const [refused, setRefused] = useState(false);
  // The same nodes while the options are the same: PrimeReact's TreeSelect folds every branch
  // when its options change, so new nodes on each render would close what the user opened.
  const nodes = useMemo(() => toTreeNodes(state.options), [state.options]);
  const isDepartment = field.cf_control === 'Department' || field.cf_control === 'DepartmentAuth';
  const parentsAllowed = booleanParam(field, 'checkStrictly') || booleanParam(field, 'parentCheck');

  const choose = (key: string | null) => {
    if (key === null) {
      setRefused(false);
      onChange(null);
      return;
    }
    const node = findNode(nodes, key);
    if (!node) return;
    if (!parentsAllowed && node.children && node.children.length > 0) {
      console.warn(t.parentNotSelectable);
      setRefused(true);
      return;
    }
    setRefused(false);
    onChange(node.data);
  };

  return (
    <TreePicker
      field={field}
      id={id}
      onBlur={onBlur}
      invalid={invalid}
      disabled={disabled}
      nodes={nodes}
      selected={keyOf(value)}
      placeholder={isDepartment ? t.selectPlaceholder : t.treePlaceholder}
      state={state}
      onPick={choose}
    >
      {refused && (
        <small className="dynamic-form__hint p-error" role="status">
          {t.parentNotSelectable}
        </small>
      )}
    </TreePicker>
  );
}
