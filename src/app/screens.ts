/**
 * The screen registry: every screen under the main layout, one object each. Generated screens
 * come from the contract (generated/screens.ts); each feature exports its hand-written ones
 * from its index.ts and is listed here explicitly. A screen the contract marks hand-written is
 * supplied by a feature under its path (it spreads the generated object and adds `load`).
 */
import type { GeneratedScreen, ScreenDefinition } from '@/core/screen';
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
 * The generated screens, each hand-written one replaced by the feature screen of its path, then
 * the features' own screens. Refused, so the app never starts with a screen that cannot load or
 * a generated page that never loads: two feature screens on one path, a hand-written screen no
 * feature supplies, and a feature screen on a generated screen's path whose tag does not say
 * `x-admin.screen: hand-written` (its generated page would be dead code).
 */
export function mergeScreens(
  generated: readonly GeneratedScreen[],
  features: readonly ScreenDefinition[],
): ScreenDefinition[] {
  const byPath = new Map<string, ScreenDefinition>();
  const problems: string[] = [];
  for (const screen of features) {
    if (byPath.has(screen.path)) problems.push(`two feature screens claim ${screen.path}`);
    byPath.set(screen.path, screen);
  }
  const merged = generated.flatMap((screen): ScreenDefinition[] => {
    const feature = byPath.get(screen.path);
    byPath.delete(screen.path);
    if (screen.handWritten) {
      if (!feature)
        problems.push(`${screen.path} is hand-written in the contract but no feature supplies it`);
      return feature ? [feature] : [];
    }
    if (feature)
      problems.push(
        `a feature takes over the generated screen ${screen.path}, whose page would never load: ` +
          `mark its tag x-admin.screen: hand-written`,
      );
    return [screen];
  });
  if (problems.length > 0) throw new Error(`screen registry: ${problems.join('; ')}`);
  return [...merged, ...byPath.values()];
}

export const screens: readonly ScreenDefinition[] = mergeScreens(
  Object.values(generatedScreens),
  featureScreens,
);
