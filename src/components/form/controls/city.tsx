import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'primereact/treeselect';
import { builtinCities, form as t } from '@/locale/form';
import { isRequired } from '../field-definition';
import { districtTreeQuery } from '../option-sources';
import { keyOf, pathTo, toTreeNodes } from './tree-options';
import type { ControlProps } from './types';

/**
 * Province → city picker. Options come from POST /api/district/gettree; while it loads, or
 * when the server has no such call or answers nothing, the built-in list stands in.
 * The value is the path of codes, e.g. ['440000', '440100']; only leaves can be chosen.
 */
export function CityControl({
  field,
  id,
  value,
  onChange,
  onBlur,
  invalid,
  disabled,
}: ControlProps) {
  const tree = useQuery(districtTreeQuery());
  const source = tree.data && tree.data.length > 0 ? tree.data : builtinCities;
  const nodes = useMemo(() => toTreeNodes(source, true), [source]);
  const key = keyOf(value);
  const path = key ? pathTo(nodes, key) : [];
  return (
    <TreeSelect
      inputId={id}
      value={key}
      options={nodes}
      filter
      filterBy="label"
      filterPlaceholder={t.treePlaceholder}
      placeholder={field.cf_placeholder || t.selectPlaceholder}
      showClear={!isRequired(field)}
      invalid={invalid}
      disabled={disabled}
      valueTemplate={path.length ? () => path.map((node) => node.label).join(' / ') : undefined}
      onChange={(e) => {
        const next = typeof e.value === 'string' ? pathTo(nodes, e.value) : [];
        onChange(next.map((node) => String(node.key)));
      }}
      onHide={onBlur}
    />
  );
}
