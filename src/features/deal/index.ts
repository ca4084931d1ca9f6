import type { ScreenDefinition } from '@/core/screen';
import { screenTitles as titles } from '@/locale/routes';
import { DEAL_PATHS } from './paths';
import { GENERIC_MODULE_CAPABILITIES } from './runtime-module';

/** The generic module's buttons: every generic call (the user's keys decide the rest). */
const operate = GENERIC_MODULE_CAPABILITIES.filter((capability) => capability !== 'list');
const sub = { parentPath: DEAL_PATHS.list, keepAlive: true, operate } as const;

/** Generic deal module (spec section 2): any designed module through `?module=<name>`. */
export const dealScreens: ScreenDefinition[] = [
  {
    path: DEAL_PATHS.list,
    title: titles.dealList,
    keepAlive: true,
    operate,
    load: () => import('./deal-list-page'),
  },
  {
    path: DEAL_PATHS.mylist,
    title: titles.dealMylist,
    keepAlive: true,
    operate,
    load: () => import('./deal-mylist-page'),
  },
  { path: DEAL_PATHS.add, title: titles.dealAdd, ...sub, load: () => import('./deal-add-page') },
  { path: DEAL_PATHS.edit, title: titles.dealEdit, ...sub, load: () => import('./deal-edit-page') },
];
