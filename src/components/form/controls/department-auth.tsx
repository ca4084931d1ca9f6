import { DepartmentTree } from './department-tree';
import type { ControlProps } from './types';

/** Department picker limited to the user's scope, fed by the dictionary DepAuth (spec section 6). */
export function DepartmentAuthControl(props: ControlProps) {
  return <DepartmentTree {...props} />;
}
