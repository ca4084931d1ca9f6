/**
 * 我的上报: the signed-in user's own reports. A draft or a rejected report can be edited,
 * deleted and submitted (提交); a submitted one is read-only until it comes back rejected.
 * The rejection's reason shows in the list; 审批记录 shows the whole history.
 *
 * The generated screen composed through the CRUD seams: the list offers no built-in 编辑 /
 * 删除 (they would be on every row); this screen's own row actions offer them on the rows
 * whose state allows them, with the same permission keys.
 */
import { useState } from 'react';
import {
  CrudForm,
  CrudPage,
  permissionKeyOf,
  type ModuleRecord,
  type RecordId,
  type RowActionDefinition,
} from '@/components/crud';
import { EDITABLE_REPORT_STATUS, REPORT_STATUS } from '@/core/report-workflow';
import { common } from '@/locale/common';
import { crud } from '@/locale/crud';
import { reporting as t } from '@/locale/reporting';
import { informationreportingSubmit } from '@generated/api/informationreporting/informationreporting';
import { reportMineModule } from '@generated/modules/report-mine';
import { HistoryDialog, type HistoryTarget } from './history-dialog';
import { stateColumn } from './state-tag';
import { useTransition } from './workflow';
import './reporting.css';

/** The list without built-in edit/delete: the row actions below offer them where allowed. */
const listModule = {
  ...reportMineModule,
  capabilities: reportMineModule.capabilities.filter(
    (capability) => capability !== 'edit' && capability !== 'delete',
  ),
};

const editable = (row: ModuleRecord) => EDITABLE_REPORT_STATUS.includes(Number(row.report_status));

function guard(action: 'edit' | 'delete') {
  return { action, key: permissionKeyOf(reportMineModule, action) };
}

const columns = {
  report_status: stateColumn(reportMineModule, 'report_status'),
  examine_remark: {
    body: (row: ModuleRecord) => {
      const remark = typeof row.examine_remark === 'string' ? row.examine_remark : '';
      if (!remark) return common.dash;
      return Number(row.report_status) === REPORT_STATUS.rejected ? (
        <span className="report-reason">{t.rejectReasonShown(remark)}</span>
      ) : (
        remark
      );
    },
  },
};

export default function ReportMinePage() {
  const [editing, setEditing] = useState<RecordId>();
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  const submit = useTransition((id: number) => informationreportingSubmit({ id }));

  const rowActions: RowActionDefinition[] = [
    {
      id: 'edit',
      label: crud.edit,
      permission: guard('edit'),
      visible: editable,
      onClick: (row, list) => setEditing(list.idOf(row)),
    },
    {
      id: 'submit',
      label: t.submit,
      permission: guard('edit'),
      visible: editable,
      onClick: (row, list) =>
        list.ask({
          message: t.confirmSubmit,
          accept: () => submit.mutateAsync(Number(list.idOf(row))),
        }),
    },
    {
      id: 'history',
      label: t.history,
      visible: (row) => Number(row.report_status) !== REPORT_STATUS.draft,
      onClick: (row) => setHistory({ reportId: Number(row.id), title: String(row.title ?? '') }),
    },
    {
      id: 'delete',
      label: crud.delete,
      danger: true,
      permission: guard('delete'),
      visible: editable,
      onClick: (row, list) => list.askDelete(row),
    },
  ];

  return (
    <>
      <CrudPage module={listModule} source="mylist" rowActions={rowActions} columns={columns} />
      <CrudForm
        module={reportMineModule}
        mode="edit"
        id={editing}
        visible={editing !== undefined}
        onHide={() => setEditing(undefined)}
      />
      <HistoryDialog target={history} onHide={() => setHistory(null)} />
    </>
  );
}
