/**
 * The sources' menu: a top-level group per source (its title, unless the group is one the
 * seed already has) and a row per resource screen, appended to the menu table's seed like the
 * backend's generated screens. Group ids are 90 + the source's position (the seed's top-level
 * ids are small; a child's id is its group's × 100 + sort).
 */
import { menuRows } from '../model/screen';
import type { ModuleModel } from '../types';
import type { SourceModel } from './source-model';

const FIRST_SOURCE_GROUP_ID = 90;

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
  sources.forEach((source, index) => {
    const id = FIRST_SOURCE_GROUP_ID + index;
    if (id > 99) {
      problems.push(`${source.label}: at most 10 sources have their own menu group`);
      return;
    }
    for (const group of new Set(source.modules.flatMap((m) => (m.menu ? [m.menu.group] : [])))) {
      if (groups.has(group)) continue;
      groups.add(group);
      seed.push({
        amenu_id: id,
        amenu_pid: 0,
        amenu_name: source.description.title,
        amenu_type: 'menu',
        amenu_address: '',
        amenu_routername: group,
        amenu_icon: 'pi pi-cloud',
        amenu_sort: id,
        amenu_status: 1,
        wait_num: 0,
      });
    }
  });
  table.seed = [...seed, ...menuRows(withMenu, seed, problems)];
}
