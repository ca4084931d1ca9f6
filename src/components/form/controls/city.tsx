import { useMemo } from 'react';
import { form as t } from '@/locale/form';
import { useFieldOptions } from '../option-sources';
import { TreePicker } from './select-tree';
import { keyOf, pathTo, toTreeNodes } from './tree-options';
import type { ControlProps } from './types';

/**
 * Province → city picker over POST /api/district/gettree (useFieldOptions reads it for the
 * city control). The value is the path of codes, e.g. ['440000', '440100']; only leaves can
 * be chosen.
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
  const state = useFieldOptions(field);
  const nodes = useMemo(() => toTreeNodes(state.options, true), [state.options]);
  const key = keyOf(value);
  const path = key ? pathTo(nodes, key) : [];
  return (
    <TreePicker
      field={field}
      id={id}
      onBlur={onBlur}
      invalid={invalid}
      disabled={disabled}
      nodes={nodes}
      selected={key}
      placeholder={t.selectPlaceholder}
      state={state}
      valueTemplate={path.length ? () => path.map((node) => node.label).join(' / ') : undefined}
      onPick={(picked) =>
        onChange((picked === null ? [] : pathTo(nodes, picked)).map((node) => String(node.key)))
      }
    />
  );
}
