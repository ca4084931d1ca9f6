// @vitest-environment node
/**
 * The menu search (全部应用) by Chinese text, pinyin and pinyin initials, with the real
 * pinyin-pro; and the breadcrumbs' trail through the menu tree.
 */
import { describe, expect, it } from 'vitest';
import { screenCrumbs } from '@/layout/breadcrumbs';
import { menuTrail, searchApps, type UserMenu } from '@/layout/menu';
import { keywordMatches, loadPinyinMatch } from '@/layout/pinyin-search';

const entry = (id: number, name: string, address: string, children?: UserMenu[]): UserMenu =>
  ({
    amenu_id: id,
    amenu_name: name,
    amenu_address: address,
    amenu_icon: 'cog',
    wait_num: 0,
    children,
  }) as UserMenu;

const MENUS: UserMenu[] = [
  entry(1, '系统管理', '', [
    entry(11, '管理员管理', '/system/user'),
    entry(12, '公告管理', '/system/notice'),
    entry(13, '组织权限', '', [entry(131, '角色管理', '/system/role')]),
  ]),
  entry(2, '会员中心', '', [entry(21, '会员管理', '/business/member')]),
];

const names = (keyword: string, pinyin?: Parameters<typeof searchApps>[2]) =>
  searchApps(MENUS, keyword, pinyin).map((app) => app.name);

describe('menu search', () => {
  it('matches Chinese text, with or without the pinyin data', async () => {
    expect(names('管理员')).toEqual(['管理员管理']);
    expect(names('会员')).toEqual(['会员管理']);
    expect(names('管理员', await loadPinyinMatch())).toEqual(['管理员管理']);
  });

  it('matches pinyin and initials once the pinyin data has loaded', async () => {
    expect(names('gly')).toEqual([]);
    const pinyin = await loadPinyinMatch();
    expect(names('gly', pinyin)).toEqual(['管理员管理']);
    expect(names('guanli', pinyin)).toContain('管理员管理');
    expect(names('GuanLiYuan', pinyin)).toEqual(['管理员管理']);
    expect(names("guan li'yuan", pinyin)).toEqual(['管理员管理']);
    expect(names('jsgl', pinyin)).toEqual(['角色管理']);
    // A group's pinyin finds its entries, as its Chinese name does.
    expect(names('hyzx', pinyin)).toEqual(['会员管理']);
    expect(names('zzz', pinyin)).toEqual([]);
  });

  it('tries pinyin only for letters', async () => {
    const pinyin = await loadPinyinMatch();
    expect(keywordMatches('管理员管理', 'g1y', pinyin)).toBe(false);
    expect(keywordMatches('管理员管理', '  ', pinyin)).toBe(true);
  });
});

describe('breadcrumbs', () => {
  it('follows the menu tree from the group down to the screen', () => {
    expect(menuTrail(MENUS, '/system/role').map((item) => item.amenu_name)).toEqual([
      '系统管理',
      '组织权限',
      '角色管理',
    ]);
    expect(menuTrail(MENUS, '/nowhere')).toEqual([]);
  });

  it('groups are text, the list above a sub-screen links back to it', () => {
    expect(screenCrumbs(MENUS, '/system/user', '/system/user', '管理员管理')).toEqual([
      { label: '系统管理', path: undefined },
      { label: '管理员管理', path: '/system/user' },
    ]);
    expect(
      screenCrumbs(MENUS, '/business/member', '/business/member/edit', '编辑会员管理'),
    ).toEqual([
      { label: '会员中心', path: undefined },
      { label: '会员管理', path: '/business/member' },
      { label: '编辑会员管理' },
    ]);
    // Outside the menu (the homepage): the screen's own title.
    expect(screenCrumbs(MENUS, '/homepage', '/homepage', '控制台')).toEqual([{ label: '控制台' }]);
  });
});
