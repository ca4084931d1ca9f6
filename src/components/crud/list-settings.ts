/**
 * A list's own view settings (issue 24 item 13): the columns the user hid and the row density.
 * Kept in local storage per signed-in user and module, so a hidden column stays hidden after a
 * reload or the next sign-in, and two administrators sharing a browser keep their own. Local, not
 * session storage: logout clears only the session keys.
 */
import { useState } from 'react';
import { isRecord } from '@/core/guards';
import { getUsername } from '@/lib/session';
import type { ColumnOverrides } from './crud-table';
import type { ColumnDefinition, ModuleRecord } from './module-definition';

/** PrimeReact DataTable's `size`: 紧凑 / 默认 / 宽松. */
export const DENSITIES = ['small', 'normal', 'large'] as const;
export type Density = (typeof DENSITIES)[number];

export interface ListSettings {
  /** Fields of the generated columns the user hid. */
  hidden: readonly string[];
  density: Density;
}

export const DEFAULT_LIST_SETTINGS: ListSettings = { hidden: [], density: 'normal' };

export const LIST_SETTINGS_PREFIX = 'crud-list-settings:';

/** The storage key of one user's settings of one module's list. */
export function listSettingsKey(user: string, moduleKey: string): string {
  return `${LIST_SETTINGS_PREFIX}${user}|${moduleKey}`;
}

/** The part of Storage the settings use (tests pass a map). */
export type SettingsStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function localStore(): SettingsStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage disabled by the browser: the settings last as long as the screen.
    return undefined;
  }
}

const isDensity = (value: unknown): value is Density =>
  DENSITIES.some((density) => density === value);

/** Stored settings as written by `writeListSettings`; anything else reads as the defaults. */
export function readListSettings(storage: SettingsStorage | undefined, key: string): ListSettings {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage?.getItem(key) ?? 'null');
  } catch {
    return DEFAULT_LIST_SETTINGS;
  }
  if (!isRecord(parsed)) return DEFAULT_LIST_SETTINGS;
  const { hidden, density } = parsed;
  return {
    hidden: Array.isArray(hidden)
      ? hidden.filter((field): field is string => typeof field === 'string')
      : [],
    density: isDensity(density) ? density : DEFAULT_LIST_SETTINGS.density,
  };
}

/** Stores the settings; the defaults remove the entry (nothing left behind after 恢复默认). */
export function writeListSettings(
  storage: SettingsStorage | undefined,
  key: string,
  settings: ListSettings,
): void {
  try {
    if (!settings.hidden.length && settings.density === DEFAULT_LIST_SETTINGS.density)
      storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(settings));
  } catch {
    // Storage full or refused: the change still applies to the screen shown.
  }
}

/**
 * The columns a user may hide: those the screen shows, by the header it gives them, less `fixed`
 * (a tree's expander column: hiding it would hide the way to open a node).
 */
export function choosableColumns<Row extends ModuleRecord>(
  columns: readonly ColumnDefinition[],
  overrides: ColumnOverrides<Row> = {},
  fixed?: string,
): { field: string; header: string }[] {
  return columns
    .filter((column) => !overrides[column.field]?.hidden && column.field !== fixed)
    .map((column) => ({
      field: column.field,
      header: overrides[column.field]?.header ?? column.header,
    }));
}

export interface ListSettingsController {
  settings: ListSettings;
  /** Shows or hides one column. */
  setVisible: (field: string, visible: boolean) => void;
  setDensity: (density: Density) => void;
  /** Back to every column and the default density. */
  reset: () => void;
}

/** The signed-in user's settings of a module's list, read once and written on each change. */
export function useListSettings(
  moduleKey: string,
  storage: SettingsStorage | undefined = localStore(),
): ListSettingsController {
  const key = listSettingsKey(getUsername(), moduleKey);
  const [settings, setSettings] = useState(() => readListSettings(storage, key));
  const update = (next: ListSettings) => {
    setSettings(next);
    writeListSettings(storage, key, next);
  };
  return {
    settings,
    setVisible: (field, visible) => {
      const others = settings.hidden.filter((hidden) => hidden !== field);
      update({ ...settings, hidden: visible ? others : [...others, field] });
    },
    setDensity: (density) => update({ ...settings, density }),
    reset: () => update(DEFAULT_LIST_SETTINGS),
  };
}
