import type { ScreenDefinition } from '@/core/screen';
import { generatedScreens } from '@generated/screens';

/** Version management (spec section 2): the generated screens plus the current-version mark. */
export const versionScreens: ScreenDefinition[] = [
  { ...generatedScreens['/version/systeam'], load: () => import('./system-version-page') },
  { ...generatedScreens['/version/model'], load: () => import('./module-version-page') },
];
