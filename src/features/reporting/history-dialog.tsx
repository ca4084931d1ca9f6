/**
 * 审批记录: a report's workflow history (who, when, what, with which remark), oldest first, in a
 * dialog opened from 我的上报 and 内容审批.
 */
import { useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Tag } from 'primereact/tag';
import type { ReportHistoryAction } from '@/core/report-workflow';
import { formatTime } from '@/lib/format';
import { common } from '@/locale/common';
import { reporting as t } from '@/locale/reporting';
import { informationreportingHistory } from '@generated/api/informationreporting/informationreporting';
import type { ReportHistory } from '@generated/api/model/reportHistory';

const ACTION_SEVERITY: Record<ReportHistoryAction, 'success' | 'info' | 'warning' | 'danger'> = {
  submit: 'info',
  approve: 'success',
  reject: 'danger',
  publish: 'success',
  withdraw: 'warning',
};

export interface HistoryTarget {
  reportId: number;
  title: string;
}

export function historyQueryKey(reportId: number) {
  return ['/api/informationreporting/history', { id: reportId }] as const;
}

function HistoryTable({ reportId }: { reportId: number }) {
  const history = useQuery({
    queryKey: historyQueryKey(reportId),
    queryFn: async () => (await informationreportingHistory({ id: reportId })).data,
  });
  return (
    <DataTable
      value={history.data ?? []}
      dataKey="id"
      loading={history.isFetching}
      emptyMessage={history.isError ? t.historyFailed : t.historyEmpty}
      size="small"
    >
      <Column
        header={t.historyColumns.action}
        body={(row: ReportHistory) => (
          <Tag value={t.historyActions[row.action]} severity={ACTION_SEVERITY[row.action]} />
        )}
      />
      <Column field="username" header={t.historyColumns.username} />
      <Column header={t.historyColumns.time} body={(row: ReportHistory) => formatTime(row.time)} />
      <Column
        header={t.historyColumns.remark}
        body={(row: ReportHistory) => row.remark || common.dash}
      />
    </DataTable>
  );
}

export function HistoryDialog({
  target,
  onHide,
}: {
  target: HistoryTarget | null;
  onHide: () => void;
}) {
  return (
    <Dialog
      header={target ? t.historyTitle(target.title) : t.history}
      visible={target !== null}
      onHide={onHide}
      style={{ width: '720px' }}
      dismissableMask
    >
      {target && <HistoryTable reportId={target.reportId} />}
    </Dialog>
  );
}
