/**
 * The signed-in user's menu tree (POST /api/adminmenu/getusermenu): top-level groups in the
 * header, their sub-menus in the sidebar, every address a route target (an address that is
 * not one is shown as plain text and never becomes a link).
 */
import type { UserMenu } from '@generated/api/model/userMenu';
import { appPath } from '@/lib/app-path';
import { keywordMatches, type PinyinMatch } from './pinyin-search';

export type { UserMenu };

/** Number of top-level menus shown as header tabs; the rest go to the all-apps drawer. */
export const TOP_MENU_TABS = 9;

/** 'scheme:' at the start (https:, javascript:, data:…): never a route of this app. */
const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** Addresses already reported, so a re-render does not repeat the warning. */
const reported = new Set<string>();

/**
 * The route an address opens ("system/user" → "/system/user"), or '' when it opens none.
 * The spec makes every menu address a route target: an address that would leave the app
 * ('https://…', '//host/…', '/\host', 'javascript:…') is no route, so it is never a link;
 * it is reported once on the console for whoever maintains the menu.
 */
export function menuPath(address: string): string {
  const trimmed = (address ?? '').trim();
  if (!trimmed) return '';
  const route = SCHEME.test(trimmed)
    ? undefined
    : appPath(trimmed.startsWith('/') ? trimmed : `/${trimmed}`);
  if (route) return route;
  if (!reported.has(address)) {
    reported.add(address);
    console.warn(`Menu address ${JSON.stringify(address)} is not a route of this app; not linked.`);
  }
  return '';
}

/** Depth-first list of every entry whose address opens a route of this app. */
export function menuLeaves(menus: readonly UserMenu[]): UserMenu[] {
  const out: UserMenu[] = [];
  const walk = (items: readonly UserMenu[]) => {
    for (const item of items) {
      if (menuPath(item.amenu_address)) out.push(item);
      if (item.children?.length) walk(item.children);
    }
  };
  walk(menus);
  return out;
}

export function menuPaths(menus: readonly UserMenu[]): Set<string> {
  return new Set(menuLeaves(menus).map((item) => menuPath(item.amenu_address)));
}

/** The top-level group whose subtree holds `path`. */
export function groupOf(menus: readonly UserMenu[], path: string): UserMenu | undefined {
  return menus.find((group) =>
    menuLeaves([group]).some((item) => menuPath(item.amenu_address) === path),
  );
}

/**
 * The entries from the top-level group down to the one whose address opens `path` (the
 * breadcrumbs: 系统管理 / 管理员管理), or [] when no entry opens it.
 */
export function menuTrail(menus: readonly UserMenu[], path: string): UserMenu[] {
  for (const item of menus) {
    if (menuPath(item.amenu_address) === path) return [item];
    const below = menuTrail(item.children ?? [], path);
    if (below.length) return [item, ...below];
  }
  return [];
}

/** The first address inside a group (clicking a header tab opens it). */
export function firstAddress(group: UserMenu): string | undefined {
  const leaf = menuLeaves([group])[0];
  return leaf ? menuPath(leaf.amenu_address) : undefined;
}

export interface AppEntry {
  group: string;
  name: string;
  path: string;
  icon: string;
}

/**
 * Every openable entry with its group, filtered by keyword (all-apps drawer search): the name or
 * the group contains it, or with `pinyin` loaded, their pinyin or initials match it.
 */
export function searchApps(
  menus: readonly UserMenu[],
  keyword: string,
  pinyin?: PinyinMatch,
): AppEntry[] {
  return menus.flatMap((group) =>
    menuLeaves(group.children ?? (group.amenu_address ? [group] : []))
      .map((item) => ({
        group: group.amenu_name,
        name: item.amenu_name,
        path: menuPath(item.amenu_address),
        icon: item.amenu_icon,
      }))
      .filter(
        (entry) =>
          keywordMatches(entry.name, keyword, pinyin) ||
          keywordMatches(entry.group, keyword, pinyin),
      ),
  );
}

/** Normalises a PrimeIcons name ("user" / "pi-user" / "pi pi-user"). */
export function iconClass(icon: string): string {
  if (!icon) return 'pi pi-circle';
  if (icon.startsWith('pi ')) return icon;
  return icon.startsWith('pi-') ? `pi ${icon}` : `pi pi-${icon}`;
}
