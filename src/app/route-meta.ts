/**
 * The route table of spec section 2 as data: every path under the main layout with its meta
 * (title, parentPath, hideTitle, keepAlive, operate). Which screen renders a path is decided
 * in ./routes.tsx (hand-written feature screen, else generated page, else "under construction").
 */
import { CAPABILITIES } from '@/components/crud/module-definition';
import { HOME_TAB } from '@/layout/tabs';

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

type MetaInput = Omit<RouteMeta, 'keepAlive' | 'operate'> &
  Partial<Pick<RouteMeta, 'keepAlive' | 'operate'>>;

function meta(input: MetaInput): RouteMeta {
  return { keepAlive: true, operate: DEFAULT_OPERATE, ...input };
}

export const LAYOUT_ROUTES: readonly RouteMeta[] = [
  meta({ path: HOME_PATH, title: HOME_TAB.title, hideTitle: true }),
  // System group, /system
  meta({
    path: '/system/user',
    title: '管理员管理',
    operate: [...DEFAULT_OPERATE, 'resetpassword'],
  }),
  meta({ path: '/system/setting', title: '系统设置' }),
  meta({
    path: '/system/role',
    title: '角色管理',
    operate: [...DEFAULT_OPERATE, 'menu', 'permission'],
  }),
  meta({ path: '/system/menu', title: '菜单管理' }),
  meta({ path: '/system/department', title: '部门管理' }),
  meta({ path: '/system/job', title: '岗位管理' }),
  meta({ path: '/system/authority', title: '权限管理' }),
  meta({ path: '/system/notice', title: '公告管理' }),
  meta({ path: '/system/dynamics', title: '系统动态管理' }),
  meta({ path: '/system/dictionary', title: '字典管理', keepAlive: false }),
  meta({ path: '/system/dicttree', title: '树形字典', keepAlive: false }),
  meta({ path: '/system/group', title: '配置管理', keepAlive: false }),
  meta({ path: '/system/district', title: '城市管理' }),
  meta({ path: '/system/log', title: '日志管理' }),
  meta({ path: '/system/attachment', title: '附件管理' }),
  meta({ path: '/system/message', title: '消息通知' }),
  meta({ path: '/system/notic', title: '公告' }),
  meta({ path: '/system/showdoc', title: '接口文档' }),
  // Designers
  meta({ path: '/system/module/list', title: '后台设计' }),
  meta({ path: '/system/module/field', title: '字段管理', parentPath: '/system/module/list' }),
  meta({ path: '/system/moduleapi/list', title: '前台设计' }),
  // Generic deal module
  meta({ path: '/deal/common/list', title: '通用模块' }),
  meta({ path: '/deal/common/mylist', title: '我的列表' }),
  meta({ path: '/deal/common/add', title: '新增', parentPath: '/deal/common/list' }),
  meta({ path: '/deal/common/edit', title: '编辑', parentPath: '/deal/common/list' }),
  // Members
  meta({ path: '/business/user/list', title: '会员管理' }),
  meta({ path: '/business/user/add', title: '新增会员管理', parentPath: '/business/user/list' }),
  meta({ path: '/business/user/edit', title: '编辑会员管理', parentPath: '/business/user/list' }),
  // Information reporting
  meta({ path: '/business/informationreporting/list', title: '我的上报' }),
  meta({ path: '/business/informationreportingcategory/list', title: '报送栏目' }),
  meta({ path: '/business/informationreportingexamine/list', title: '内容审批' }),
  meta({ path: '/business/informationreportingpublish/list', title: '发布列表' }),
  meta({ path: '/business/informationreportingpublish/statistic', title: '统计分析' }),
  // Versions
  meta({ path: '/version/systeam', title: '系统版本管理' }),
  meta({ path: '/version/model', title: '模块版本管理' }),
  // Demo
  meta({ path: '/demo/print', title: '打印Demo' }),
];

/** Paths outside the main layout (spec section 2). */
export const PUBLIC_PATHS = {
  login: '/login',
  notFound: '/404',
  unauthorized: '/401',
  noPermission: '/no-permission',
} as const;
