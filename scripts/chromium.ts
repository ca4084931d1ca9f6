/**
 * Headless Chromium as the journeys and the measuring scripts start it: Debian's build
 * (/usr/bin/chromium, or CHROMIUM_PATH), driven by playwright-core.
 */
import { chromium, type Browser } from 'playwright-core';

/**
 * The features Playwright 1.65 turns off itself (its `chromiumSwitches`). Chromium reads only
 * the last --disable-features it is given, so a list of our own replaces Playwright's unless it
 * repeats it: this one does. tests/unit/tooling/chromium-flags.test.ts fails when Playwright's
 * list holds a feature that is missing here.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

/**
 * Headless Chromium 156 loads two pages of its own browser UI (the omnibox popups,
 * chrome://omnibox-popup.top-chrome/) in a renderer of their own for every window, and each
 * Playwright context is a window: ~1 CPU-second for every context, of ~2.2 for a context that
 * opens /login (20 contexts: 42–47 → 24–25 CPU-seconds). Nobody sees a headless omnibox.
 */
const HEADLESS_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'] as const;

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...HEADLESS_UI_FEATURES].join(',')}`,
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
}
