/**
 * The route table of spec section 2 as data: every path under the main layout with its meta
 * (title, parentPath, hideTitle, keepAlive, operate). Which screen renders a path is decided
 * in ./routes.tsx (hand-written feature screen, else generated page, else "under construction").
 */
import { CAPABILITIES } from '@/components/crud/module-definition';
import { HOME_TAB } from '@/layout/tabs';
import { routeTitles } from '@/locale/routes';

export interface RouteMeta {
  path: string;
  title: string;
  /** Sub-screens: the list screen they belong to (its tab stays active). */
  parentPath?: string;
  hideTitle?: boolean;
  /** Keep the screen mounted (hidden) when switched away from. */
  keepAlive: boolean;
  /** Permitted actions of the action guard for this route. */
  operate: readonly string[];
}

export const HOME_PATH = HOME_TAB.path;

/** Actions a CRUD screen may offer (the generated capabilities minus `list`). */
export const DEFAULT_OPERATE: readonly string[] = CAPABILITIES.filter(
  (capability) => capability !== 'list',
);

type TitledPath = keyof typeof routeTitles;

type MetaInput = Omit<RouteMeta, 'path' | 'title' | 'keepAlive' | 'operate'> &
  Partial<Pick<RouteMeta, 'keepAlive' | 'operate'>> &
  ({ path: TitledPath; title?: never } | { path: string; title: string });

/** A route's meta; its title comes from the locale's route titles unless given. */
function meta({ path, title, ...rest }: MetaInput): RouteMeta {
  const resolvedTitle = title ?? routeTitles[path as TitledPath];
  return { keepAlive: true, operate: DEFAULT_OPERATE, path, title: resolvedTitle, ...rest };
}

export const LAYOUT_ROUTES: readonly RouteMeta[] = [
  meta({ path: HOME_PATH, title: HOME_TAB.title, hideTitle: true }),
  // System group, /system
  meta({
    path: '/system/user',
    operate: [...DEFAULT_OPERATE, 'resetpassword'],
  }),
  meta({ path: '/system/setting' }),
  meta({
    path: '/system/role',
    operate: [...DEFAULT_OPERATE, 'menu', 'permission'],
  }),
  meta({ path: '/system/menu' }),
  meta({ path: '/system/department' }),
  meta({ path: '/system/job' }),
  meta({ path: '/system/authority' }),
  meta({ path: '/system/notice' }),
  meta({ path: '/system/dynamics' }),
  meta({ path: '/system/dictionary', keepAlive: false }),
  meta({ path: '/system/dicttree', keepAlive: false }),
  meta({ path: '/system/group', keepAlive: false }),
  meta({ path: '/system/district' }),
  meta({ path: '/system/log' }),
  meta({ path: '/system/attachment' }),
  meta({ path: '/system/message' }),
  meta({ path: '/system/notic' }),
  meta({ path: '/system/showdoc' }),
  // Designers
  meta({ path: '/system/module/list' }),
  meta({ path: '/system/module/field', parentPath: '/system/module/list' }),
  meta({ path: '/system/moduleapi/list' }),
  // Generic deal module
  meta({ path: '/deal/common/list' }),
  meta({ path: '/deal/common/mylist' }),
  meta({ path: '/deal/common/add', parentPath: '/deal/common/list' }),
  meta({ path: '/deal/common/edit', parentPath: '/deal/common/list' }),
  // Members
  meta({ path: '/business/user/list' }),
  meta({ path: '/business/user/add', parentPath: '/business/user/list' }),
  meta({ path: '/business/user/edit', parentPath: '/business/user/list' }),
  // Information reporting
  meta({ path: '/business/informationreporting/list' }),
  meta({ path: '/business/informationreportingcategory/list' }),
  meta({ path: '/business/informationreportingexamine/list' }),
  meta({ path: '/business/informationreportingpublish/list' }),
  meta({ path: '/business/informationreportingpublish/statistic' }),
  // Versions
  meta({ path: '/version/systeam' }),
  meta({ path: '/version/model' }),
  // Demo
  meta({ path: '/demo/print' }),
];

/** Paths outside the main layout (spec section 2). */
export const PUBLIC_PATHS = {
  login: '/login',
  notFound: '/404',
  unauthorized: '/401',
  noPermission: '/no-permission',
} as const;
