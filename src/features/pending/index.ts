/**
 * Screens of spec section 2 that are not built yet: each opens the honest "页面建设中" page at
 * its real path, with its real title and place, so menus, tabs and titles already work. A
 * screen leaves this list when its feature exports the real one (the route test lists the
 * paths still here).
 */
import type { ScreenDefinition } from '@/core/screen';
import { screenTitles as titles } from '@/locale/routes';

const underConstruction: ScreenDefinition['load'] = () => import('./under-construction-page');

function pending(
  path: string,
  title: string,
  extra: Partial<Pick<ScreenDefinition, 'parentPath' | 'keepAlive'>> = {},
): ScreenDefinition {
  return { path, title, keepAlive: true, ...extra, load: underConstruction };
}

export const pendingScreens: ScreenDefinition[] = [
  pending('/business/informationreportingpublish/statistic', titles.reportStatistic),
  pending('/demo/print', titles.print),
];
