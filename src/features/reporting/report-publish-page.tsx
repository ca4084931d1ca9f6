/**
 * 发布列表: every approved report's publication. 发布 puts a pending or withdrawn one online
 * (it counts in 统计分析 from then on); 撤回 takes a published one back offline. Both are offered
 * for the selected rows too (批量发布 / 批量撤回, each done to the rows it applies to).
 */
import { useQueryClient } from '@tanstack/react-query';
import { CrudPage, type RowActionDefinition } from '@/components/crud';
import type { ReportPublish } from '@generated/api/model/reportPublish';
import { PUBLISH_STATUS } from '@/core/report-workflow';
import { reporting as t } from '@/locale/reporting';
import {
  informationreportingpublishPublish,
  informationreportingpublishWithdraw,
} from '@generated/api/informationreportingpublish/informationreportingpublish';
import { reportPublishModule } from '@generated/modules/report-publish';
import { stateColumn } from './state-tag';
import { refreshReporting, useTransition } from './workflow';
import * as informationreportingpublishCalls from '@generated/calls/informationreportingpublish';

const published = (row: ReportPublish) => row.publish_status === PUBLISH_STATUS.published;

const columns = { publish_status: stateColumn(reportPublishModule, 'publish_status') };

export default function ReportPublishPage() {
  const client = useQueryClient();
  const publish = useTransition((id: number) => informationreportingpublishPublish({ id }));
  const withdraw = useTransition((id: number) => informationreportingpublishWithdraw({ id }));

  const rowActions: RowActionDefinition<ReportPublish>[] = [
    {
      id: 'publish',
      label: t.publish,
      call: informationreportingpublishCalls.informationreportingpublishPublish,
      visible: (row) => !published(row),
      onClick: (row, list) =>
        list.ask({
          message: t.confirmPublish,
          accept: () => publish.mutateAsync(Number(list.idOf(row))),
        }),
      bulk: {
        label: t.bulkPublish,
        confirm: t.confirmBulkPublish,
        done: t.bulkPublished,
        run: (_row, id) => informationreportingpublishPublish({ id: Number(id) }),
        refresh: () => refreshReporting(client),
      },
    },
    {
      id: 'withdraw',
      label: t.withdraw,
      danger: true,
      call: informationreportingpublishCalls.informationreportingpublishWithdraw,
      visible: published,
      onClick: (row, list) =>
        list.ask({
          message: t.confirmWithdraw,
          accept: () => withdraw.mutateAsync(Number(list.idOf(row))),
        }),
      bulk: {
        label: t.bulkWithdraw,
        confirm: t.confirmBulkWithdraw,
        done: t.bulkWithdrawn,
        run: (_row, id) => informationreportingpublishWithdraw({ id: Number(id) }),
        refresh: () => refreshReporting(client),
      },
    },
  ];

  return <CrudPage module={reportPublishModule} rowActions={rowActions} columns={columns} />;
}
