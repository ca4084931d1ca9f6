/**
 * 岗位管理: the generated jobs screen plus 分配部门 (spec section 6: departments are assigned to
 * jobs): the department tree with checkboxes (gettreedep), the job's saved departments ticked
 * (getjobdepid {jobid}), saved with savejobdep {jobid, deparr}.
 */
import { useState } from 'react';
import { CrudPage, permissionKeyOf, type ModuleRecord } from '@/components/crud';
import {
  admindepartmentGetjobdepid,
  admindepartmentGettreedep,
  admindepartmentSavejobdep,
} from '@generated/api/admindepartment/admindepartment';
import { jobModule } from '@generated/modules/job';
import { system as t } from '@/locale/system';
import { CheckTreeDialog, type CheckTreeData } from './check-tree-dialog';
import { toTreeNodes } from './tree-selection';
import './system.css';

async function loadDepartments(jobid: number | string): Promise<CheckTreeData> {
  const [tree, ids] = await Promise.all([
    admindepartmentGettreedep(),
    admindepartmentGetjobdepid({ jobid }),
  ]);
  return {
    nodes: toTreeNodes(
      tree.data ?? [],
      (department) => department.id,
      (department) => department.name,
    ),
    ids: ids.data ?? [],
  };
}

export default function JobPage() {
  const [job, setJob] = useState<ModuleRecord>();
  // The job stays after closing so the dialog can animate out.
  const [open, setOpen] = useState(false);
  const jobid = job?.id as number | string | undefined;
  return (
    <>
      <CrudPage
        module={jobModule}
        rowActions={[
          {
            id: 'assigndepartments',
            label: t.assignDepartments,
            permission: { action: 'edit', key: permissionKeyOf(jobModule, 'edit') },
            onClick: (row) => {
              setJob(row);
              setOpen(true);
            },
          },
        ]}
      />
      {jobid !== undefined && (
        <CheckTreeDialog
          header={t.assignDepartmentsTitle(String(job?.job_name ?? ''))}
          visible={open}
          onHide={() => setOpen(false)}
          queryKey={['/api/admindepartment/getjobdepid', { jobid }]}
          load={() => loadDepartments(jobid)}
          save={(deparr) => admindepartmentSavejobdep({ jobid, deparr })}
          withHalfChecked={false}
          hint={t.assignDepartmentsHint}
        />
      )}
    </>
  );
}
