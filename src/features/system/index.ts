import type { ScreenDefinition } from '@/core/screen';
import { generatedScreens } from '@generated/screens';

/** System administration screens that extend their generated CRUD screen. */
export const systemScreens: ScreenDefinition[] = [
  { ...generatedScreens['/system/user'], load: () => import('./user-page') },
  { ...generatedScreens['/system/role'], load: () => import('./role-page') },
  { ...generatedScreens['/system/menu'], load: () => import('./menu-page') },
  { ...generatedScreens['/system/department'], load: () => import('./department-page') },
  { ...generatedScreens['/system/job'], load: () => import('./job-page') },
];
