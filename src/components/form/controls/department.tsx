import { DepartmentTree } from './department-tree';
import type { ControlProps } from './types';

/** Department picker fed by the dictionary Dep (spec section 6). */
export function DepartmentControl(props: ControlProps) {
  return <DepartmentTree {...props} />;
}
