/**
 * Configuration groups (IMAGECONFIG, FILECONFIG, …) as the server keeps them: a `group` row
 * per code and `groupitem` rows holding its key/value pairs. Read by getgroupdata and by the
 * upload size limits.
 */
import { table } from './store';
import { sameId } from './util';
import { textOf } from '@/core/guards';

export const GROUPS = 'group';
export const GROUP_ITEMS = 'groupitem';

/** A group's values keyed by item key; numeric text becomes a number (fileSize, fileLimit). */
export function groupData(code: string): Record<string, string | number> {
  const group = table(GROUPS).rows.find((row) => row.code === code);
  if (!group) return {};
  const entries: [string, string | number][] = [];
  for (const item of table(GROUP_ITEMS).rows) {
    if (!sameId(item.group_id, group.id) || Number(item.status ?? 1) === 2) continue;
    const value = textOf(item.item_value);
    entries.push([String(item.item_key), /^\d+(\.\d+)?$/.test(value) ? Number(value) : value]);
  }
  // fromEntries defines own properties: an item key `__proto__` stays a plain key.
  return Object.fromEntries(entries);
}
