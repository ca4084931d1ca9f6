/**
 * The screen registry: every screen under the main layout, one object each. Generated screens
 * come from the contract (generated/screens.ts); each feature exports its hand-written ones
 * from its index.ts and is listed here explicitly. A feature screen with a generated screen's
 * path takes that screen over (it usually spreads the generated object and swaps `load`).
 */
import type { ScreenDefinition } from '@/core/screen';
import { generatedScreens } from '@generated/screens';
import { attachmentScreens } from '@/features/attachment';
import { businessScreens } from '@/features/business';
import { dealScreens } from '@/features/deal';
import { designerScreens } from '@/features/designer';
import { demoScreens } from '@/features/demo';
import { homeScreens } from '@/features/home';
import { pendingScreens } from '@/features/pending';
import { printScreens } from '@/features/print';
import { reportingScreens } from '@/features/reporting';
import { settingsScreens } from '@/features/settings';
import { systemScreens } from '@/features/system';
import { versionScreens } from '@/features/version';

const featureScreens: readonly ScreenDefinition[] = [
  ...homeScreens,
  ...attachmentScreens,
  ...systemScreens,
  ...settingsScreens,
  ...pendingScreens,
  ...demoScreens,
  ...reportingScreens,
  ...printScreens,
  ...dealScreens,
  ...designerScreens,
  ...businessScreens,
  ...versionScreens,
];

/**
 * Generated screens overlaid by the feature screens of the same path, then the features' own.
 * Two feature screens on one path are a mistake the registry refuses.
 */
export function mergeScreens(
  generated: readonly ScreenDefinition[],
  features: readonly ScreenDefinition[],
): ScreenDefinition[] {
  const byPath = new Map(generated.map((screen) => [screen.path, screen]));
  const taken = new Set<string>();
  for (const screen of features) {
    if (taken.has(screen.path)) throw new Error(`two feature screens claim ${screen.path}`);
    taken.add(screen.path);
    byPath.set(screen.path, screen);
  }
  return [...byPath.values()];
}

export const screens: readonly ScreenDefinition[] = mergeScreens(
  Object.values(generatedScreens),
  featureScreens,
);
