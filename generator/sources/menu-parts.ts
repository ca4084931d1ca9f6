/**
 * Where an imported source's screens stand in the menu. A menu group holds 99 entries (a child's
 * menu id is its group's × 100 + sort), which a large API passes: DigitalOcean has 187 screens.
 * The screens past the 99th go on in continuation groups — `<group>2`, `<group>3`, … shown as
 * 「<source>（2）」 — whose ids are the source group's × 1000 + part (90001, …): above every id
 * the seed's × 100 scheme can give, so they take no one's place.
 */

/** Entries one menu group holds: sorts 1–99. */
export const MENU_GROUP_ENTRIES = 99;
/** Groups one source may fill: its own and up to nine continuations. */
export const MENU_GROUP_PARTS = 10;

export interface MenuPlace {
  group: string;
  sort: number;
}

/** The group and sort of a source's `position`-th top-level screen (from 1); undefined past the last part. */
export function menuPlace(group: string, position: number): MenuPlace | undefined {
  const part = Math.floor((position - 1) / MENU_GROUP_ENTRIES);
  if (part >= MENU_GROUP_PARTS) return undefined;
  return {
    group: part === 0 ? group : `${group}${part + 1}`,
    sort: ((position - 1) % MENU_GROUP_ENTRIES) + 1,
  };
}

/** The menu id of a source's `part`-th group (0 = its own). */
export function menuGroupId(sourceGroupId: number, part: number): number {
  return part === 0 ? sourceGroupId : sourceGroupId * 1000 + part;
}
