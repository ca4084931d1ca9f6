// @vitest-environment node
/**
 * Menu addresses (spec section 2: every address is a route target): what becomes a link in
 * the sidebar, the header tabs, the all-apps drawer and the homepage shortcuts, and what is
 * shown as plain text because it would leave the app.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  firstAddress,
  groupOf,
  menuLeaves,
  menuPath,
  menuPaths,
  searchApps,
  type UserMenu,
} from '@/layout/menu';

afterEach(() => vi.restoreAllMocks());

const quiet = () => vi.spyOn(console, 'warn').mockImplementation(() => undefined);

describe('menuPath', () => {
  it.each([
    ['system/user', '/system/user'],
    ['/system/user', '/system/user'],
    ['  /system/notice  ', '/system/notice'],
    ['/system/module?id=3', '/system/module?id=3'],
    ['homepage', '/homepage'],
    ['', ''],
    ['   ', ''],
    // Not routes of this app: never a link.
    ['//evil.example/x', ''],
    ['///evil.example', ''],
    ['https://evil.example/x', ''],
    ['HTTP://evil.example', ''],
    ['javascript:alert(1)', ''],
    [' javascript:alert(1)', ''],
    ['JavaScript:alert(1)', ''],
    ['data:text/html,<b>x</b>', ''],
    ['mailto:a@b.example', ''],
    ['/\\evil.example', ''],
    ['\\\\evil.example', ''],
    ['/\t/evil.example', ''],
    ['/%09/evil.example', ''],
    ['/%2F/evil.example', ''],
    ['/a/../..//evil.example', ''],
    ['system/\nuser', ''],
  ])('%j → %j', (address, expected) => {
    quiet();
    expect(menuPath(address)).toBe(expected);
  });

  it('reports an address that is not a route once, however often it is rendered', () => {
    const warn = quiet();
    const address = '//evil.example/once';
    menuPath(address);
    menuPath(address);
    menuPath(address);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain(address);
    menuPath('https://evil.example/other');
    expect(warn).toHaveBeenCalledTimes(2);
    menuPath('/system/user');
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

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
  entry(1, '外部', '', [
    entry(11, '恶意链接', '//evil.example/x'),
    entry(12, '脚本', 'javascript:alert(1)'),
    entry(13, '外站', 'https://evil.example'),
    entry(14, '公告管理', 'system/notice'),
  ]),
  entry(2, '只有外链', '', [entry(21, '外链', '/\\evil.example')]),
];

describe('the menu tree keeps only app routes as openable entries', () => {
  it('leaves, paths, first address and the owning group skip other addresses', () => {
    quiet();
    expect(menuLeaves(MENUS).map((item) => item.amenu_name)).toEqual(['公告管理']);
    expect([...menuPaths(MENUS)]).toEqual(['/system/notice']);
    expect(firstAddress(MENUS[0]!)).toBe('/system/notice');
    expect(firstAddress(MENUS[1]!)).toBeUndefined();
    expect(groupOf(MENUS, '/system/notice')?.amenu_name).toBe('外部');
    expect(groupOf(MENUS, '')).toBeUndefined();
  });

  it('the all-apps search lists no entry that would leave the app', () => {
    quiet();
    expect(searchApps(MENUS, '')).toEqual([
      { group: '外部', name: '公告管理', path: '/system/notice', icon: 'cog' },
    ]);
    expect(searchApps(MENUS, '外链')).toEqual([]);
  });
});
