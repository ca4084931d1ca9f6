/**
 * The menu id an imported source's group keeps (`x-admin.source.menuId`): chosen once, at its
 * first import, as the lowest id from 90 to 99 no other source of the contract claims, and kept
 * when it is imported again — so a role's granted menus do not move to another source when
 * sources come and go (generate numbers a source without one, see ../sources/source-menu.ts).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { isJson } from '../json';
import { SOURCE_MENU_IDS } from '../sources/source-model';

/** The menu id each source of the contract names (unreadable or unnamed ones claim none). */
async function claimedMenuIds(contractDir: string): Promise<Map<string, number>> {
  const folder = path.join(contractDir, 'sources');
  const names = await readdir(folder).catch(() => []);
  const claimed = new Map<string, number>();
  for (const name of names) {
    const text = await readFile(path.join(folder, name, 'openapi.yaml'), 'utf8').catch(() => '');
    let document: unknown;
    try {
      document = parse(text);
    } catch {
      continue;
    }
    const admin = isJson(document) && isJson(document['x-admin']) ? document['x-admin'] : {};
    const id = isJson(admin.source) ? admin.source.menuId : undefined;
    if (typeof id === 'number') claimed.set(name, id);
  }
  return claimed;
}

/** The source's own id when it has one, else the lowest free one; undefined when all are taken. */
export async function menuIdFor(contractDir: string, name: string): Promise<number | undefined> {
  const claimed = await claimedMenuIds(contractDir);
  const own = claimed.get(name);
  if (own !== undefined) return own;
  const taken = new Set(claimed.values());
  for (let id: number = SOURCE_MENU_IDS.first; id <= SOURCE_MENU_IDS.last; id += 1)
    if (!taken.has(id)) return id;
  return undefined;
}
