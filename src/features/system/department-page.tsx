/**
 * 部门管理: the departments as a tree table (pid → id; spec section 3: id, name, remarke,
 * creatTime, sort, pid, children) through the shared tree block: add a child, edit, status,
 * in-place sort, delete refused while the department has children. A save refreshes what reads
 * the departments: the Department / DepartmentAuth controls (dictionaries Dep and DepAuth),
 * the department API options and the job assignment trees (gettreedep, getdeptreebyuserid).
 */
import { useQueryClient } from '@tanstack/react-query';
import { CrudTreePage } from '@/components/crud';
import { optionKeys } from '@/components/form';
import { departmentModule } from '@generated/modules/department';
import { system as t } from '@/locale/system';
import { DEPARTMENT_LOOKUP_KEYS } from './lookup-keys';

export default function DepartmentPage() {
  const client = useQueryClient();
  return (
    <CrudTreePage
      module={departmentModule}
      parentField="pid"
      expanderField="name"
      defaultSort={{ field: 'sort', order: 'asc' }}
      hasChildrenMessage={t.hasChildren(t.departmentNoun)}
      onChanged={() => {
        for (const queryKey of [...DEPARTMENT_LOOKUP_KEYS, optionKeys.api(departmentModule.group)])
          void client.invalidateQueries({ queryKey });
      }}
    />
  );
}
