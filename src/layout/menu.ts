/**
 * The signed-in user's menu tree (POST /api/adminmenu/getusermenu): top-level groups in the
 * header, their sub-menus in the sidebar, every address a route target.
 */
import type { UserMenu } from '@generated/api/api.schemas';

export type { UserMenu };

/** Number of top-level menus shown as header tabs; the rest go to the all-apps drawer. */
export const TOP_MENU_TABS = 9;

/** Depth-first list of every entry that has an address. */
export function menuLeaves(menus: readonly UserMenu[]): UserMenu[] {
  const out: UserMenu[] = [];
  const walk = (items: readonly UserMenu[]) => {
    for (const item of items) {
      if (item.amenu_address) out.push(item);
      if (item.children?.length) walk(item.children);
    }
  };
  walk(menus);
  return out;
}

/** Normalises an address to a route path ("system/user" → "/system/user"). */
export function menuPath(address: string): string {
  if (!address) return '';
  const trimmed = address.trim();
  if (/^https?:\/\//.test(trimmed)) return trimmed;
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
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

/** Every openable entry with its group, filtered by keyword (all-apps drawer search). */
export function searchApps(menus: readonly UserMenu[], keyword: string): AppEntry[] {
  const needle = keyword.trim().toLowerCase();
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
          !needle ||
          entry.name.toLowerCase().includes(needle) ||
          entry.group.toLowerCase().includes(needle),
      ),
  );
}

/** Normalises a PrimeIcons name ("user" / "pi-user" / "pi pi-user"). */
export function iconClass(icon: string): string {
  if (!icon) return 'pi pi-circle';
  if (icon.startsWith('pi ')) return icon;
  return icon.startsWith('pi-') ? `pi ${icon}` : `pi pi-${icon}`;
}
