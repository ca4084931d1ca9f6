import { useState } from 'react';
import { TreeSelect } from 'primereact/treeselect';
import { form as t } from '@/locale/form';
import { booleanParam, isRequired } from '../field-definition';
import { useFieldOptions } from '../option-sources';
import { OptionStatus } from './option-status';
import { findNode, keyOf, toTreeNodes } from './tree-options';
import type { ControlProps } from './types';

/**
 * Tree select with label filter (placeholder 检索关键字). Unless parameData.checkStrictly
 * (or parentCheck) is on, a node that has children is refused: 存在下级不能选择.
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
  const { options, isLoading, isError } = useFieldOptions(field);
  const [refused, setRefused] = useState(false);
  const nodes = toTreeNodes(options);
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
    <>
      <TreeSelect
        inputId={id}
        value={keyOf(value)}
        options={nodes}
        filter
        filterBy="label"
        filterPlaceholder={t.treePlaceholder}
        placeholder={field.cf_placeholder || t.treePlaceholder}
        showClear={!isRequired(field)}
        emptyMessage={t.emptyOptions}
        invalid={invalid}
        disabled={disabled}
        onChange={(e) => choose(typeof e.value === 'string' ? e.value : null)}
        onHide={onBlur}
      />
      {refused && (
        <small className="dynamic-form__hint p-error" role="status">
          {t.parentNotSelectable}
        </small>
      )}
      <OptionStatus isLoading={isLoading} isError={isError} />
    </>
  );
}
