/**
 * 岗位管理: the generated jobs screen plus 分配部门 (spec section 6: departments are assigned to
 * jobs): the department tree with checkboxes (gettreedep), the job's saved departments ticked
 * (getjobdepid {jobid}), saved with savejobdep {jobid, deparr}.
 */
import { useState } from 'react';
import { CrudPage, permissionKeyOf, type RecordId } from '@/components/crud';
import type { AdminJob } from '@generated/api/model/adminJob';
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

async function loadDepartments(jobid: RecordId): Promise<CheckTreeData> {
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
  // The job stays after closing so the dialog can animate out.
  const [chosen, setChosen] = useState<{ job: AdminJob; jobid: RecordId }>();
  const [open, setOpen] = useState(false);
  return (
    <>
      <CrudPage
        module={jobModule}
        rowActions={[
          {
            id: 'assigndepartments',
            label: t.assignDepartments,
            permission: { action: 'edit', key: permissionKeyOf(jobModule, 'edit') },
            onClick: (job, list) => {
              setChosen({ job, jobid: list.idOf(job) });
              setOpen(true);
            },
          },
        ]}
      />
      {chosen && (
        <CheckTreeDialog
          header={t.assignDepartmentsTitle(chosen.job.job_name)}
          visible={open}
          onHide={() => setOpen(false)}
          queryKey={['/api/admindepartment/getjobdepid', { jobid: chosen.jobid }]}
          load={() => loadDepartments(chosen.jobid)}
          save={(deparr) => admindepartmentSavejobdep({ jobid: chosen.jobid, deparr })}
          withHalfChecked={false}
          hint={t.assignDepartmentsHint}
        />
      )}
    </>
  );
}
