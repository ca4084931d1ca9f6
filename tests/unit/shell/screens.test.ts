import { describe, expect, it } from 'vitest';
import { mergeScreens, screens } from '@/app/screens';
import type { GeneratedScreen } from '@/core/screen';
import { menuMock } from '@generated/mocks/menu';
import { generatedScreens } from '@generated/screens';
import { nextKept, type ScreenAddress } from '@/layout/keep-alive-outlet';

/** Spec section 2: every path under the main layout, with its title. */
const SPEC_ROUTES: Record<string, string> = {
  '/homepage': '控制台',
  '/system/user': '管理员管理',
  '/system/setting': '系统设置',
  '/system/role': '角色管理',
  '/system/menu': '菜单管理',
  '/system/department': '部门管理',
  '/system/job': '岗位管理',
  '/system/authority': '权限管理',
  '/system/notice': '公告管理',
  '/system/dynamics': '系统动态管理',
  '/system/dictionary': '字典管理',
  '/system/dicttree': '树形字典',
  '/system/group': '配置管理',
  '/system/district': '城市管理',
  '/system/log': '日志管理',
  '/system/attachment': '附件管理',
  '/system/message': '消息通知',
  '/system/notic': '公告',
  '/system/showdoc': '接口文档',
  '/system/module/list': '后台设计',
  '/system/module/field': '字段管理',
  '/system/moduleapi/list': '前台设计',
  '/deal/common/list': '通用模块',
  '/deal/common/mylist': '我的列表',
  '/deal/common/add': '新增',
  '/deal/common/edit': '编辑',
  '/business/user/list': '会员管理',
  '/business/user/add': '新增会员管理',
  '/business/user/edit': '编辑会员管理',
  '/business/informationreporting/list': '我的上报',
  '/business/informationreportingcategory/list': '报送栏目',
  '/business/informationreportingexamine/list': '内容审批',
  '/business/informationreportingpublish/list': '发布列表',
  '/business/informationreportingpublish/statistic': '统计分析',
  '/version/systeam': '系统版本管理',
  '/version/model': '模块版本管理',
  '/demo/print': '打印Demo',
};

/** Sub-screens of spec section 2 and the list they belong to. */
const SPEC_PARENTS: Record<string, string> = {
  '/system/module/field': '/system/module/list',
  '/deal/common/add': '/deal/common/list',
  '/deal/common/edit': '/deal/common/list',
  '/business/user/add': '/business/user/list',
  '/business/user/edit': '/business/user/list',
};

/**
 * Spec paths that still open the "页面建设中" page. This list shrinks as the screens are built;
 * a path leaving it without a real screen fails the test below.
 */
const STILL_PENDING: string[] = [];

describe('screen registry (spec section 2)', () => {
  it('has exactly one screen per path', () => {
    const paths = screens.map((screen) => screen.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each(Object.entries(SPEC_ROUTES))('%s resolves to one screen titled %s', (path, title) => {
    const matching = screens.filter((screen) => screen.path === path);
    expect(matching).toHaveLength(1);
    expect(matching[0]!.title).toBe(title);
    expect(matching[0]!.parentPath).toBe(SPEC_PARENTS[path]);
  });

  it('lists the spec paths still without a real screen', async () => {
    const pendingPage = (await import('@/features/pending/under-construction-page')).default;
    const pending: string[] = [];
    for (const path of Object.keys(SPEC_ROUTES)) {
      const screen = screens.find((s) => s.path === path)!;
      if ((await screen.load()).default === pendingPage) pending.push(path);
    }
    expect(pending).toEqual(STILL_PENDING);
  });

  it('keeps every screen alive except dictionaries, tree dictionaries and configuration', () => {
    const notKept = screens.filter((screen) => !screen.keepAlive).map((screen) => screen.path);
    expect(notKept.sort()).toEqual([
      '/system/dictionary',
      '/system/dicttree',
      '/system/group',
      '/system/group/item',
    ]);
  });

  it('puts every generated screen but sub-screens in the menu the server sends, and titles them', () => {
    const all: readonly GeneratedScreen[] = Object.values(generatedScreens);
    const addresses = new Set(menuMock.seed.map((row) => row.amenu_address));
    for (const screen of all) {
      expect(screen.title).not.toBe('');
      if (!screen.parentPath) expect(addresses.has(screen.path), screen.path).toBe(true);
    }
  });

  it('loads every generated page: none is generated and never loaded', async () => {
    const pageFiles = import.meta.glob<{ default: unknown }>([
      '/generated/pages/**/*.tsx',
      '/generated/sources/*/pages/*.tsx',
    ]);
    const loaded = new Set<unknown>();
    const all: readonly GeneratedScreen[] = Object.values(generatedScreens);
    for (const generated of all) {
      if (generated.handWritten) continue;
      // The registry keeps the generated screen itself: its page is what the app loads.
      expect(screens.find((screen) => screen.path === generated.path)?.load).toBe(generated.load);
      loaded.add((await generated.load()).default);
    }
    const neverLoaded: string[] = [];
    for (const [file, load] of Object.entries(pageFiles))
      if (!loaded.has((await load()).default)) neverLoaded.push(file);
    expect(neverLoaded).toEqual([]);
    expect(Object.keys(pageFiles)).toHaveLength(loaded.size);
  });

  it('has a feature screen for every screen the contract marks hand-written', () => {
    const all: readonly GeneratedScreen[] = Object.values(generatedScreens);
    for (const generated of all.filter((screen) => screen.handWritten)) {
      const screen = screens.find((s) => s.path === generated.path);
      expect(screen?.load, generated.path).toBeTypeOf('function');
      expect(screen?.title, generated.path).toBe(generated.title);
    }
  });

  describe('mergeScreens', () => {
    const load = async () => ({ default: () => null });
    const generatedPage = async () => ({ default: () => null });
    const generated: GeneratedScreen[] = [
      { path: '/a', title: 'A', keepAlive: true, operate: ['add'], handWritten: true },
      { path: '/b', title: 'B', keepAlive: true, load: generatedPage },
    ];

    it('puts the feature screen in place of a hand-written one, after it the features own', () => {
      const merged = mergeScreens(generated, [
        { path: '/c', title: 'C', keepAlive: true, load },
        { ...generated[0]!, load },
      ]);
      expect(merged.map((screen) => screen.path)).toEqual(['/a', '/b', '/c']);
      expect(merged[0]!.load).toBe(load);
      expect(merged[0]!.operate).toEqual(['add']);
      expect(merged[1]!.load).toBe(generatedPage);
    });

    it('refuses a hand-written screen no feature supplies', () =>
      expect(() => mergeScreens(generated, [])).toThrow(
        '/a is hand-written in the contract but no feature supplies it',
      ));

    it('refuses a feature taking over a generated page (it would never load)', () =>
      expect(() =>
        mergeScreens(generated, [
          { path: '/a', title: 'A', keepAlive: true, load },
          { path: '/b', title: 'B', keepAlive: true, load },
        ]),
      ).toThrow(
        'a feature takes over the generated screen /b, whose page would never load: mark its tag x-admin.screen: hand-written',
      ));

    it('refuses two feature screens on one path', () =>
      expect(() =>
        mergeScreens(generated, [
          { path: '/a', title: 'A', keepAlive: true, load },
          { path: '/d', title: 'D', keepAlive: true, load },
          { path: '/d', title: 'D2', keepAlive: true, load },
        ]),
      ).toThrow('two feature screens claim /d'));
  });
});

describe('kept-alive screens', () => {
  const addressOf = (pathname: string, search = ''): ScreenAddress => ({
    location: { pathname, search, hash: '', state: null, key: `${pathname}${search}` },
    navigationType: 'PUSH' as ScreenAddress['navigationType'],
  });
  const screen = (path: string, keepAlive = true) => ({
    path,
    element: path,
    keepAlive,
    address: addressOf(path),
  });
  const paths = (kept: readonly { path: string }[]) => kept.map((k) => k.path);

  it('keeps open tabs, drops closed tabs and non-kept screens, caps the count', () => {
    const open = new Set(['/a', '/b', '/c']);
    let kept = nextKept([], screen('/a'), open, 2);
    kept = nextKept(kept, screen('/b', false), open, 2);
    kept = nextKept(kept, screen('/c'), open, 2);
    expect(paths(kept)).toEqual(['/a', '/c']);
    kept = nextKept(kept, screen('/b'), new Set(['/b', '/c']), 2);
    expect(paths(kept)).toEqual(['/c', '/b']);
    // Past the cap the least recently shown screen goes (here /c), never the one shown.
    kept = nextKept(kept, screen('/a'), open, 2);
    expect(paths(kept)).toEqual(['/b', '/a']);
  });

  it('shows a kept screen again with the element it was first rendered with, in place', () => {
    const open = new Set(['/a', '/b']);
    const firstB = addressOf('/b');
    const secondA = addressOf('/a', '?tab=2');
    let kept = nextKept([], { ...screen('/a'), element: 'first a' }, open, 10);
    kept = nextKept(kept, { ...screen('/b'), element: 'first b', address: firstB }, open, 10);
    kept = nextKept(kept, { ...screen('/a'), element: 'second a', address: secondA }, open, 10);
    // Same order (no DOM subtree moves) and the first element (React bails out of the screen).
    expect(kept.map((k) => k.element)).toEqual(['first a', 'first b']);
    // The screen shown takes the new address; the hidden one keeps its own, the same object.
    expect(kept.map((k) => k.address)).toEqual([secondA, firstB]);
    expect(kept[1]?.address).toBe(firstB);
    // Its tab closed: the screen is released.
    kept = nextKept(kept, { ...screen('/b'), element: 'second b' }, new Set(['/b']), 10);
    expect(kept.map((k) => k.element)).toEqual(['first b']);
  });
});
