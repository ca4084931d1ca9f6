/**
 * 我的上报: the signed-in user's own reports. A draft or a rejected report can be edited,
 * deleted and submitted (提交); a submitted one is read-only until it comes back rejected.
 * The rejection's reason shows in the list; 审批记录 shows the whole history.
 *
 * The generated screen composed through the CRUD seams: the built-in 编辑 / 删除 show only on
 * the rows whose state allows them (rowAllows); 提交 and 审批记录 are this screen's own.
 */
import { useState } from 'react';
import {
  CrudPage,
  permissionKeyOf,
  type RowActionDefinition,
  type RowAllows,
} from '@/components/crud';
import { EDITABLE_REPORT_STATUS, REPORT_STATUS } from '@/core/report-workflow';
import { common } from '@/locale/common';
import { reporting as t } from '@/locale/reporting';
import { informationreportingSubmit } from '@generated/api/informationreporting/informationreporting';
import { reportMineModule } from '@generated/modules/report-mine';
import type { InformationReport } from '@generated/api/model/informationReport';
import { HistoryDialog, type HistoryTarget } from './history-dialog';
import { stateColumn } from './state-tag';
import { useTransition } from './workflow';
import './reporting.css';
import * as informationreportingCalls from '@generated/calls/informationreporting';

const editable = (row: InformationReport) =>
  row.report_status !== undefined && EDITABLE_REPORT_STATUS.includes(row.report_status);

/** 编辑 and 删除 only on a draft or a rejected report. */
const rowAllows: RowAllows<InformationReport> = (action, row) =>
  action === 'edit' || action === 'delete' ? editable(row) : true;

const columns = {
  report_status: stateColumn(reportMineModule, 'report_status'),
  examine_remark: {
    body: (row: InformationReport) => {
      const remark = row.examine_remark ?? '';
      if (!remark) return common.dash;
      return row.report_status === REPORT_STATUS.rejected ? (
        <span className="report-reason">{t.rejectReasonShown(remark)}</span>
      ) : (
        remark
      );
    },
  },
};

export default function ReportMinePage() {
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  const submit = useTransition((id: number) => informationreportingSubmit({ id }));

  const rowActions: RowActionDefinition<InformationReport>[] = [
    {
      id: 'submit',
      label: t.submit,
      permission: { action: 'edit', key: permissionKeyOf(reportMineModule, 'edit') },
      call: informationreportingCalls.informationreportingSubmit,
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
      visible: (row) => row.report_status !== REPORT_STATUS.draft,
      onClick: ({ id, title }) => {
        if (id !== undefined) setHistory({ reportId: id, title });
      },
    },
  ];

  return (
    <>
      <CrudPage
        module={reportMineModule}
        source="mylist"
        rowActions={rowActions}
        rowAllows={rowAllows}
        columns={columns}
      />
      <HistoryDialog target={history} onHide={() => setHistory(null)} />
    </>
  );
}
