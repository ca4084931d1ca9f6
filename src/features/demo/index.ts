import type { ScreenDefinition } from '@/core/screen';
import { uploadDemo } from '@/locale/upload';

/** Demonstration screens (the 演示 menu group). */
export const demoScreens: ScreenDefinition[] = [
  {
    path: '/demo/form',
    title: uploadDemo.title,
    keepAlive: true,
    load: () => import('./form-demo-page'),
  },
];
