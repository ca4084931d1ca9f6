import type { ScreenDefinition } from '@/core/screen';
import { generatedScreens } from '@generated/screens';
import { screenTitles as titles } from '@/locale/routes';
import { MEMBER_PATHS } from './paths';

const list = generatedScreens[MEMBER_PATHS.list];
/** Sub-screens of the list: its tab stays active (a sub-screen has no tab, so it is never kept alive), its buttons follow the list's permissions. */
const sub = { parentPath: MEMBER_PATHS.list, keepAlive: true, operate: list.operate } as const;

/** Members (spec section 2): the list with its add / edit forms as full-page sub-screens. */
export const businessScreens: ScreenDefinition[] = [
  { ...list, load: () => import('./member-list-page') },
  {
    path: MEMBER_PATHS.add,
    title: titles.memberAdd,
    ...sub,
    load: () => import('./member-add-page'),
  },
  {
    path: MEMBER_PATHS.edit,
    title: titles.memberEdit,
    ...sub,
    load: () => import('./member-edit-page'),
  },
];
