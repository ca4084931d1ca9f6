/**
 * The settings area: 系统设置, 公告, 接口文档 (hand-written) and the generated screens it extends
 * (字典管理, 配置管理, 消息通知, 系统动态管理). Dictionary and configuration keep no state when
 * switched away from (their generated screens say keepAlive false); the rest stay alive.
 */
import type { ScreenDefinition } from '@/core/screen';
import { generatedScreens } from '@generated/screens';
import { screenTitles as titles } from '@/locale/routes';

export const settingsScreens: ScreenDefinition[] = [
  {
    path: '/system/setting',
    title: titles.setting,
    keepAlive: true,
    load: () => import('./setting-page'),
  },
  {
    path: '/system/notic',
    title: titles.notic,
    keepAlive: true,
    load: () => import('./notic-page'),
  },
  {
    path: '/system/showdoc',
    title: titles.showdoc,
    keepAlive: true,
    load: () => import('./showdoc/showdoc-page'),
  },
  { ...generatedScreens['/system/dictionary'], load: () => import('./dictionary-page') },
  { ...generatedScreens['/system/group'], load: () => import('./group-page') },
  { ...generatedScreens['/system/message'], load: () => import('./message-page') },
  { ...generatedScreens['/system/log'], load: () => import('./log-page') },
  { ...generatedScreens['/system/dicttree'], load: () => import('./dicttree-page') },
  { ...generatedScreens['/system/district'], load: () => import('./district-page') },
];
