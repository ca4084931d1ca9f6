/**
 * The designers: 后台设计 (modules, with 字段管理 / 打开 / 导出契约 on each row), 字段管理 (fields
 * with a live form preview) and 前台设计 (which fields each front-end call exposes). Each takes
 * over its generated screen and reuses the generated module.
 */
import type { ScreenDefinition } from '@/core/screen';
import { generatedScreens } from '@generated/screens';

export const designerScreens: ScreenDefinition[] = [
  { ...generatedScreens['/system/module/list'], load: () => import('./module-page') },
  { ...generatedScreens['/system/module/field'], load: () => import('./field-page') },
  { ...generatedScreens['/system/moduleapi/list'], load: () => import('./api-page') },
];
