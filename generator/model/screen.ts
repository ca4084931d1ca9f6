/**
 * The screen side of a module: its x-admin `menu`, `parentPath` and `hideTitle`, and the menu
 * seed rows that put every generated screen in the server-supplied menu of the mock backend.
 */
import type { ScreenMenuEntry } from '../../src/core/screen';
import { isJson, type Json } from '../json';
import type { ModuleModel } from '../types';
import { camelCase } from './names';
import { moduleRoute } from './route';
import { textOf } from '../../src/core/guards';

/**
 * @example screenMenu({ group: 'system', icon: 'pi pi-cog', sort: 7 }, 'tag x') // { group: 'system', icon: 'pi pi-cog', sort: 7 }
 * @example screenMenu(undefined, 'tag x') // undefined (a screen outside the menu)
 */
export function screenMenu(value: unknown, where: string): ScreenMenuEntry | undefined {
  if (value === undefined) return undefined;
  if (
    !isJson(value) ||
    typeof value.group !== 'string' ||
    !value.group ||
    typeof value.icon !== 'string' ||
    !Number.isInteger(value.sort) ||
    Number(value.sort) < 1 ||
    Number(value.sort) > 99
  ) {
    throw new Error(
      `${where}: x-admin.menu must be { group: <top-level menu routername>, icon: 'pi pi-…', sort: 1..99 }`,
    );
  }
  return { group: value.group, icon: value.icon, sort: Number(value.sort) };
}

/** Optional absolute route (a sub-screen's list screen). */
export function optionalRoute(value: unknown, where: string): string | undefined {
  if (value === undefined) return undefined;
  try {
    return moduleRoute(value);
  } catch (error) {
    throw new Error(`${where}: x-admin.parentPath ${(error as Error).message}`);
  }
}

/** Fields of a menu row (spec section 3 Menu, with the management shape's pid/type/sort). */
export type MenuRow = Record<string, unknown> & {
  amenu_id: number;
  amenu_pid: number;
  amenu_address: string;
  amenu_routername: string;
};

/** `amenu_routername` of a screen: its path in camelCase (`/system/notice` → `systemNotice`). */
export function menuRouterName(route: string): string {
  return camelCase(route.replace(/\//g, '-'));
}

/**
 * Menu seed rows of the generated screens, appended to the seed of the module marked
 * `x-admin.menuTable`. A row's id is its group's id × 100 + sort (the seed's own convention),
 * so ids are stable; a clash with a hand-seeded row or a seeded row for the same address is
 * reported, since the screen would then be in the menu twice.
 *
 * @example
 * menuRows([notice], [{ amenu_id: 2, amenu_pid: 0, amenu_routername: 'system', … }], problems)
 * // [{ amenu_id: 207, amenu_pid: 2, amenu_name: '公告管理', amenu_address: '/system/notice', … }]
 */
export function menuRows(
  modules: readonly Pick<ModuleModel, 'menu' | 'tag' | 'route' | 'title'>[],
  seed: readonly Json[],
  problems: string[],
): MenuRow[] {
  const groups = new Map(
    seed
      .filter((row) => Number(row.amenu_pid) === 0 && typeof row.amenu_routername === 'string')
      .map((row) => [String(row.amenu_routername), Number(row.amenu_id)]),
  );
  const takenIds = new Map(seed.map((row) => [Number(row.amenu_id), 'the menu seed']));
  const seededAddresses = new Set(seed.map((row) => textOf(row.amenu_address)));
  const rows: MenuRow[] = [];
  for (const module of modules) {
    const menu = module.menu;
    if (!menu) continue;
    const where = `tag ${module.tag}: x-admin.menu`;
    const groupId = groups.get(menu.group);
    if (groupId === undefined) {
      problems.push(
        `${where}.group "${menu.group}" is not a top-level menu of the menu seed (${[...groups.keys()].join(', ')})`,
      );
      continue;
    }
    if (seededAddresses.has(module.route)) {
      problems.push(
        `${where}: the menu seed already has a row for ${module.route}; remove it (the menu entry is generated)`,
      );
      continue;
    }
    const id = groupId * 100 + menu.sort;
    const owner = takenIds.get(id);
    if (owner) {
      problems.push(
        `${where}: menu id ${id} (group ${menu.group}, sort ${menu.sort}) is taken by ${owner}`,
      );
      continue;
    }
    takenIds.set(id, `tag ${module.tag}`);
    rows.push({
      amenu_id: id,
      amenu_pid: groupId,
      amenu_name: module.title,
      amenu_type: 'menu',
      amenu_address: module.route,
      amenu_routername: menuRouterName(module.route),
      amenu_icon: menu.icon,
      amenu_sort: menu.sort,
      amenu_status: 1,
      wait_num: 0,
    });
  }
  return rows.sort((a, b) => a.amenu_id - b.amenu_id);
}
