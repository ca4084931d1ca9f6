/**
 * 内容审批: every submitted report's examination. A pending one is approved (通过, after a
 * confirmation; it moves to 发布列表) or rejected (驳回, with a required reason; it goes back
 * to 我的上报 as 已驳回). 审批记录 shows who did what and when. Selected pending reports can be
 * approved at once (批量通过).
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CrudPage, type RowActionDefinition } from '@/components/crud';
import type { ReportExamine } from '@generated/api/model/reportExamine';
import { EXAMINE_STATUS } from '@/core/report-workflow';
import { reporting as t } from '@/locale/reporting';
import { informationreportingexamineExamine } from '@generated/api/informationreportingexamine/informationreportingexamine';
import { reportExamineModule } from '@generated/modules/report-examine';
import { HistoryDialog, type HistoryTarget } from './history-dialog';
import { RejectDialog } from './reject-dialog';
import { stateColumn } from './state-tag';
import { refreshReporting, useTransition } from './workflow';
import './reporting.css';
import * as informationreportingexamineCalls from '@generated/calls/informationreportingexamine';

const pending = (row: ReportExamine) => row.examine_status === EXAMINE_STATUS.pending;

const columns = { examine_status: stateColumn(reportExamineModule, 'examine_status') };

export default function ReportExaminePage() {
  const [rejecting, setRejecting] = useState<ReportExamine | null>(null);
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  const client = useQueryClient();
  const examine = useTransition((body: { id: number; status: 2 | 3; remark?: string }) =>
    informationreportingexamineExamine(body),
  );

  const rowActions: RowActionDefinition<ReportExamine>[] = [
    {
      id: 'approve',
      label: t.approve,
      call: informationreportingexamineCalls.informationreportingexamineExamine,
      visible: pending,
      onClick: (row, list) =>
        list.ask({
          message: t.confirmApprove,
          accept: () =>
            examine.mutateAsync({ id: Number(list.idOf(row)), status: EXAMINE_STATUS.approved }),
        }),
      // Several pending reports approved at once (the pending ones of the selection).
      bulk: {
        label: t.bulkApprove,
        confirm: t.confirmBulkApprove,
        done: t.bulkApproved,
        run: (_row, id) =>
          informationreportingexamineExamine({ id: Number(id), status: EXAMINE_STATUS.approved }),
        refresh: () => refreshReporting(client),
      },
    },
    {
      id: 'reject',
      label: t.reject,
      danger: true,
      call: informationreportingexamineCalls.informationreportingexamineExamine,
      visible: pending,
      onClick: (row) => setRejecting(row),
    },
    {
      id: 'history',
      label: t.history,
      visible: (row) => row.report_id !== undefined,
      onClick: ({ report_id: reportId, title }) => {
        if (reportId !== undefined) setHistory({ reportId, title });
      },
    },
  ];

  return (
    <>
      <CrudPage module={reportExamineModule} rowActions={rowActions} columns={columns} />
      <RejectDialog
        title={rejecting ? rejecting.title : null}
        busy={examine.isPending}
        onReject={(reason) =>
          examine.mutateAsync({
            id: Number(rejecting?.id),
            status: EXAMINE_STATUS.rejected,
            remark: reason,
          })
        }
        onHide={() => setRejecting(null)}
      />
      <HistoryDialog target={history} onHide={() => setHistory(null)} />
    </>
  );
}
