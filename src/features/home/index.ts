import type { ScreenDefinition } from '@/core/screen';
import { HOME_TAB } from '@/layout/tabs';

/** The console (spec section 2: / redirects here; its tab is first and cannot be closed). */
export const homeScreens: ScreenDefinition[] = [
  {
    path: HOME_TAB.path,
    title: HOME_TAB.title,
    hideTitle: true,
    keepAlive: true,
    load: () => import('./homepage'),
  },
];
