/**
 * History tabs (spec section 2): the homepage tab is first and cannot be closed; opening a
 * route adds a tab if absent and if it is in the menu data; closing the active tab activates
 * the previous one; the tabs persist in session storage (tabPane). Pure functions + a store.
 */
import { getSessionVersion, getTabPane, setTabPane, subscribeSession } from '@/lib/session';
import { shell } from '@/locale/shell';

export interface HistoryTab {
  path: string;
  title: string;
}

export const HOME_TAB: HistoryTab = { path: '/homepage', title: shell.homepageTitle };

/** Result of a close action: the new tabs and where to go (undefined: stay). */
export interface TabChange {
  tabs: HistoryTab[];
  navigateTo?: string;
}

/** Homepage first, exactly once, no duplicates. */
export function normaliseTabs(tabs: readonly HistoryTab[]): HistoryTab[] {
  const seen = new Set<string>([HOME_TAB.path]);
  const home = tabs.find((tab) => tab.path === HOME_TAB.path) ?? HOME_TAB;
  const rest = tabs.filter((tab) => {
    if (!tab || typeof tab.path !== 'string' || seen.has(tab.path)) return false;
    seen.add(tab.path);
    return true;
  });
  return [home, ...rest];
}

export function isClosable(tab: HistoryTab): boolean {
  return tab.path !== HOME_TAB.path;
}

/** Adds a tab when absent and the path is in the menu data (or is the homepage). */
export function openTab(
  tabs: readonly HistoryTab[],
  tab: HistoryTab,
  menuPaths: ReadonlySet<string>,
): HistoryTab[] {
  const current = normaliseTabs(tabs);
  if (current.some((item) => item.path === tab.path)) return current;
  if (tab.path !== HOME_TAB.path && !menuPaths.has(tab.path)) return current;
  return [...current, tab];
}

/**
 * The kept tabs, and `fallback` to go to when the active tab was among those closed. An active
 * path that was no tab at all (a navigation still under way) closed nothing: no navigation.
 */
function keep(
  current: readonly HistoryTab[],
  kept: HistoryTab[],
  active: string,
  fallback: string,
): TabChange {
  const wasOpen = current.some((tab) => tab.path === active);
  const stillOpen = kept.some((tab) => tab.path === active);
  return {
    tabs: normaliseTabs(kept),
    navigateTo: wasOpen && !stillOpen ? fallback : undefined,
  };
}

/** 关闭: closing the active tab activates the previous one. */
export function closeTab(tabs: readonly HistoryTab[], path: string, active: string): TabChange {
  const current = normaliseTabs(tabs);
  const index = current.findIndex((tab) => tab.path === path);
  if (index < 0 || !isClosable(current[index]!)) return { tabs: current };
  const next = current.filter((tab) => tab.path !== path);
  if (path !== active) return { tabs: next };
  const previous = current[index - 1] ?? HOME_TAB;
  return { tabs: next, navigateTo: previous.path };
}

/** 关闭其他: keeps the homepage and `path`; goes to `path` if the active tab closed. */
export function closeOthers(tabs: readonly HistoryTab[], path: string, active: string): TabChange {
  const current = normaliseTabs(tabs);
  const kept = current.filter((tab) => !isClosable(tab) || tab.path === path);
  return keep(current, kept, active, path);
}

/** 关闭右侧 */
export function closeRight(tabs: readonly HistoryTab[], path: string, active: string): TabChange {
  const current = normaliseTabs(tabs);
  const index = current.findIndex((tab) => tab.path === path);
  if (index < 0) return { tabs: current };
  const kept = current.filter((tab, i) => i <= index || !isClosable(tab));
  return keep(current, kept, active, path);
}

/** 关闭左侧 (the homepage stays). */
export function closeLeft(tabs: readonly HistoryTab[], path: string, active: string): TabChange {
  const current = normaliseTabs(tabs);
  const index = current.findIndex((tab) => tab.path === path);
  if (index < 0) return { tabs: current };
  const kept = current.filter((tab, i) => i >= index || !isClosable(tab));
  return keep(current, kept, active, path);
}

/** 关闭全部: only the homepage remains, and it becomes active. */
export function closeAll(tabs: readonly HistoryTab[], _path: string, active: string): TabChange {
  const current = normaliseTabs(tabs);
  const kept = current.filter((tab) => !isClosable(tab));
  return keep(current, kept, active, HOME_TAB.path);
}

/**
 * Moves the tab at `path` to position `index` (dragged there, or 向左移动 / 向右移动); the
 * homepage stays first, so no tab moves before it. The active tab does not change.
 */
export function moveTab(tabs: readonly HistoryTab[], path: string, index: number): TabChange {
  const current = normaliseTabs(tabs);
  const from = current.findIndex((tab) => tab.path === path);
  const to = Math.min(Math.max(index, 1), current.length - 1);
  if (from < 1 || to === from) return { tabs: current };
  const next = current.filter((_, i) => i !== from);
  next.splice(to, 0, current[from]!);
  return { tabs: next };
}

// Store over session storage -----------------------------------------------------------

export function readTabs(): HistoryTab[] {
  return normaliseTabs(getTabPane<HistoryTab>());
}

export function writeTabs(tabs: readonly HistoryTab[]): void {
  const next = normaliseTabs(tabs);
  if (JSON.stringify(next) === JSON.stringify(getTabPane())) return;
  setTabPane(next);
}

let cachedVersion = -1;
let cachedTabs: HistoryTab[] = [HOME_TAB];

/** Snapshot for useSyncExternalStore (stable between session writes). */
export function tabsSnapshot(): HistoryTab[] {
  const version = getSessionVersion();
  if (version !== cachedVersion) {
    cachedVersion = version;
    const next = readTabs();
    if (JSON.stringify(next) !== JSON.stringify(cachedTabs)) cachedTabs = next;
  }
  return cachedTabs;
}

export const subscribeTabs = subscribeSession;

/** Whether `path` has a history tab open now. */
export function hasOpenTab(path: string): boolean {
  return tabsSnapshot().some((tab) => tab.path === path);
}
