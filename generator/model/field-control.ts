/** Field control: the cf_control of a property, validated against the spec's control list. */
import { CONTROL_TYPES, type ControlType } from '../../src/core/field-definition';
import type { FieldKind } from '../types';

/** The control used when x-admin names none: the obvious one for the JSON type. */
function defaultControl(kind: FieldKind): ControlType {
  if (kind === 'integer' || kind === 'number') return 'InputNumber';
  if (kind === 'boolean') return 'Switch';
  return 'input';
}

function isControlType(value: unknown): value is ControlType {
  return typeof value === 'string' && (CONTROL_TYPES as readonly string[]).includes(value);
}

/**
 * @example resolveControl('editor', 'string') // 'editor'
 * @example resolveControl(undefined, 'integer') // 'InputNumber'
 * @example resolveControl('Editor', 'string') // throws: not one of the 26 control types
 */
export function resolveControl(control: unknown, kind: FieldKind): ControlType {
  if (control === undefined) return defaultControl(kind);
  if (!isControlType(control)) {
    throw new Error(
      `control ${JSON.stringify(control)} is not one of the spec's control types (${CONTROL_TYPES.join(', ')})`,
    );
  }
  return control;
}
