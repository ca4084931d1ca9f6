import type { ScreenDefinition } from '@/core/screen';
import { screenTitles } from '@/locale/routes';

/** 打印Demo (/demo/print): a printable report list and records with print preview. */
export const printScreens: ScreenDefinition[] = [
  {
    path: '/demo/print',
    title: screenTitles.print,
    keepAlive: true,
    load: () => import('./print-page'),
  },
];
