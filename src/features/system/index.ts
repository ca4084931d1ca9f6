import type { ScreenDefinition } from '@/core/screen';
import { generatedScreens } from '@generated/screens';

/** System administration screens that extend their generated CRUD screen. */
export const systemScreens: ScreenDefinition[] = [
  { ...generatedScreens['/system/user'], load: () => import('./user-page') },
];
