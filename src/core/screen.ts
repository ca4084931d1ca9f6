/**
 * A screen is one object: where it lives, how it is titled, whether it stays mounted, which
 * actions its buttons may offer and how its code is loaded. Where it sits in the menu is the
 * server's menu rows (the generator writes the mock's seed from x-admin.menu), not the screen's:
 * the registry ships in the first script of /login, and nothing in the page reads it. Generated
 * screens come from the contract's x-admin (generated/screens.ts); hand-written screens are
 * exported by their feature folder — also those the contract describes but marks hand-written;
 * src/app/screens.ts lists both.
 */
import type { ComponentType } from 'react';

/** Where a screen sits in the server-supplied menu (x-admin.menu → the mock backend's seed rows). */
export interface ScreenMenuEntry {
  /** `amenu_routername` of the top-level menu group, e.g. `system`. */
  group: string;
  /** PrimeIcons class, e.g. `pi pi-volume-up`. */
  icon: string;
  /** Position inside the group (1-based). */
  sort: number;
}

/** A screen as the contract can describe it: everything but its code. */
export interface ScreenInfo {
  path: string;
  /** Chinese title: page title, history tab and document title. */
  title: string;
  /** Sub-screens: the list screen they belong to (its tab stays active). */
  parentPath?: string;
  hideTitle?: boolean;
  /** Keep the screen mounted (hidden) when switched away from. */
  keepAlive: boolean;
  /** Upper-cased prefix of the screen's prilist keys, e.g. ADMINNOTICE. */
  permissionKey?: string;
  /** Actions the action guard permits on this screen (spec section 6, route meta `operate`). */
  operate?: readonly string[];
}

export interface ScreenDefinition extends ScreenInfo {
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * A screen of generated/screens.ts: with its generated page, or — its tag says
 * `x-admin.screen: hand-written` — without one, for its feature to supply `load`.
 */
export type GeneratedScreen =
  | (ScreenDefinition & { handWritten?: undefined })
  | (ScreenInfo & { handWritten: true; load?: undefined });
