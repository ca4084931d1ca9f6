/**
 * Screens of spec section 2 that are not built yet: each opens the honest "页面建设中" page at
 * its real path, with its real title and place, so menus, tabs and titles already work. A
 * screen leaves this list when its feature exports the real one (the route test lists the
 * paths still here).
 */
import type { ScreenDefinition } from '@/core/screen';

const underConstruction: ScreenDefinition['load'] = () => import('./under-construction-page');

/** A screen of spec section 2 not built yet (exported for the next one; none is left today). */
export function pending(
  path: string,
  title: string,
  extra: Partial<Pick<ScreenDefinition, 'parentPath' | 'keepAlive'>> = {},
): ScreenDefinition {
  return { path, title, keepAlive: true, ...extra, load: underConstruction };
}

export const pendingScreens: ScreenDefinition[] = [];
