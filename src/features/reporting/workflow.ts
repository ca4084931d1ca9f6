/**
 * The report workflow's calls as the screens use them: each runs one transition, says the
 * server's message and refreshes every list and figure the transition moves a report between
 * (我的上报, 内容审批, 发布列表 and 统计分析 may all be open in kept-alive tabs), and the menu's
 * pending badges.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { crudKeys } from '@/components/crud';
import { userMenuQuery } from '@/layout/shell-api';
import { notify } from '@/lib/notify';
import type { Envelope } from '@/lib/request';
import { reportExamineModule } from '@generated/modules/report-examine';
import { reportMineModule } from '@generated/modules/report-mine';
import { reportPublishModule } from '@generated/modules/report-publish';
import { getInformationreportingpublishStatisticQueryKey } from '@generated/api/informationreportingpublish/informationreportingpublish';

const MODULES = [reportMineModule, reportExamineModule, reportPublishModule];

/** Every reporting list page, record and statistic: stale after any transition. */
export function refreshReporting(client: QueryClient): Promise<unknown> {
  return Promise.all([
    ...MODULES.flatMap((module) => {
      const keys = crudKeys(module);
      return [...keys.lists(), [`/api/${module.group}/info`]];
    }).map((queryKey) => client.invalidateQueries({ queryKey })),
    client.invalidateQueries({ queryKey: getInformationreportingpublishStatisticQueryKey() }),
    client.invalidateQueries({ queryKey: ['/api/informationreporting/history'] }),
    // The sidebar's 内容审批 / 发布列表 badges and the homepage's 待审批 are the menu's wait_num.
    client.invalidateQueries({ queryKey: userMenuQuery.queryKey }),
  ]);
}

/** One transition call: on success the server's message and fresh lists; errors were shown by the request client. */
export function useTransition<TInput>(call: (input: TInput) => Promise<Envelope<unknown>>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (answer) => {
      notify.success(answer.msg);
      await refreshReporting(client);
    },
  });
}
