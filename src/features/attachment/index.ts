import type { ScreenDefinition } from '@/core/screen';
import { generatedScreens } from '@generated/screens';

/** The attachment library screen takes over the generated attachment table. */
export const attachmentScreens: ScreenDefinition[] = [
  { ...generatedScreens['/system/attachment'], load: () => import('./attachment-page') },
];
