/**
 * The sources' menu: a top-level group per source (its title, unless the group is one the
 * seed already has) and a row per resource screen, appended to the menu table's seed like the
 * backend's generated screens. A group's id is the source's `x-admin.source.menuId`, which
 * `import-openapi` chooses once, so that a role's granted menus stay its own when a source is
 * added; a source without one takes the lowest id from 90 to 99 no other claims (the seed's
 * top-level ids are small; a child's id is its group's × 100 + sort).
 */
import { menuRows } from '../model/screen';
import type { ModuleModel } from '../types';
import { MENU_GROUP_PARTS, menuGroupId } from './menu-parts';
import { SOURCE_MENU_IDS, type SourceModel } from './source-model';

/** Each source's group id: its own, else the lowest free one; undefined when none is left. */
function groupIds(sources: readonly SourceModel[], problems: string[]): (number | undefined)[] {
  const taken = new Map<number, string>();
  for (const source of sources) {
    if (source.menuId === undefined) continue;
    const other = taken.get(source.menuId);
    if (other !== undefined)
      problems.push(`${source.label}: x-admin.source.menuId ${source.menuId} is ${other}'s too`);
    else taken.set(source.menuId, source.name);
  }
  let next: number = SOURCE_MENU_IDS.first;
  return sources.map((source) => {
    if (source.menuId !== undefined && taken.get(source.menuId) === source.name)
      return source.menuId;
    while (taken.has(next)) next += 1;
    if (next > SOURCE_MENU_IDS.last) {
      problems.push(`${source.label}: at most 10 sources have their own menu group`);
      return undefined;
    }
    taken.set(next, source.name);
    return next;
  });
}

export function addSourceMenuRows(
  modules: readonly ModuleModel[],
  sources: readonly SourceModel[],
  problems: string[],
): void {
  const table = modules.find((module) => module.menuTable);
  const withMenu = sources.flatMap((source) => source.modules.filter((module) => module.menu));
  if (!table || withMenu.length === 0) return;
  const seed = [...table.seed];
  const groups = new Set(
    seed.filter((row) => Number(row.amenu_pid) === 0).map((row) => String(row.amenu_routername)),
  );
  const ids = groupIds(sources, problems);
  sources.forEach((source, index) => {
    const id = ids[index];
    if (id === undefined) return;
    // Its own group first, then the continuations of a source past 99 screens (./menu-parts).
    let part = 0;
    const named = new Set(source.modules.flatMap((m) => (m.menu ? [m.menu.group] : [])));
    // digitalocean, digitalocean2, …, digitalocean10: the shortest name is the source's own.
    const inOrder = [...named].sort((a, b) => a.length - b.length || a.localeCompare(b));
    for (const group of inOrder) {
      if (groups.has(group)) continue;
      if (part >= MENU_GROUP_PARTS) {
        problems.push(
          `${source.label}: menu group ${group} is past its ${MENU_GROUP_PARTS} groups`,
        );
        continue;
      }
      groups.add(group);
      const groupId = menuGroupId(id, part);
      seed.push({
        amenu_id: groupId,
        amenu_pid: 0,
        amenu_name:
          part === 0 ? source.description.title : `${source.description.title}（${part + 1}）`,
        amenu_type: 'menu',
        amenu_address: '',
        amenu_routername: group,
        amenu_icon: 'pi pi-cloud',
        amenu_sort: groupId,
        amenu_status: 1,
        wait_num: 0,
      });
      part += 1;
    }
  });
  table.seed = [...seed, ...menuRows(withMenu, seed, problems)];
}
