import type { ScreenDefinition } from '@/core/screen';
import { screenTitles } from '@/locale/routes';
import { generatedScreens } from '@generated/screens';

/**
 * Information reporting: the generated 我的上报 / 内容审批 / 发布列表 screens with the workflow's
 * row actions, and 统计分析. 报送栏目 stays the generated CRUD screen.
 */
export const reportingScreens: ScreenDefinition[] = [
  {
    ...generatedScreens['/business/informationreporting/list'],
    load: () => import('./report-mine-page'),
  },
  {
    ...generatedScreens['/business/informationreportingexamine/list'],
    load: () => import('./report-examine-page'),
  },
  {
    ...generatedScreens['/business/informationreportingpublish/list'],
    load: () => import('./report-publish-page'),
  },
  {
    path: '/business/informationreportingpublish/statistic',
    title: screenTitles.reportStatistic,
    keepAlive: true,
    load: () => import('./statistic-page'),
  },
];
