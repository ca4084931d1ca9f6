/**
 * Headless Chromium as the journeys and the measuring scripts start it, driven by
 * playwright-core: the browser (CHROMIUM_PATH, else chromium, chromium-browser or google-chrome
 * on PATH, else the macOS app; ./find-executable) for the measuring scripts, the headless shell
 * of the same release (CHROMIUM_SHELL_PATH, else on PATH) for the journeys (see ChromiumBuild).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import {
  CHROMIUM_BROWSER,
  CHROMIUM_SHELL,
  findExecutable,
  missingExecutable,
} from './find-executable';

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

/**
 * Which Chromium to start.
 * - 'browser': the whole browser, as a person runs it; the measuring scripts (size, bench:*)
 *   time what a person waits for in it.
 * - 'shell': chromium-headless-shell, Debian's build of the same Blink and V8 without the
 *   browser's own layer (windows, profile services, its UI pages) — what Playwright itself runs
 *   for a headless test. The journeys drive pages, never the browser's UI: in the shell two
 *   journey files took 78 instead of 88 CPU-seconds (the browser process 8.6 s instead of 15),
 *   the whole e2e run 876 instead of 984.
 */
export type ChromiumBuild = 'browser' | 'shell';

let toldShellMissing = false;

/** The executable of `build`; without the shell, the browser (said once per process). */
export function chromiumExecutable(build: ChromiumBuild): string {
  const browser = findExecutable(CHROMIUM_BROWSER);
  if (browser === undefined)
    throw new Error(
      missingExecutable(
        CHROMIUM_BROWSER,
        'Install Chromium (apt-get install chromium, brew install --cask chromium)',
      ),
    );
  if (build === 'browser') return browser;
  const shell = findExecutable(CHROMIUM_SHELL);
  // A CHROMIUM_SHELL_PATH is taken as given: one that is not there falls back too.
  if (shell !== undefined && existsSync(shell)) return shell;
  if (!toldShellMissing) {
    toldShellMissing = true;
    console.warn(
      `${shell ?? 'chromium-headless-shell'} is missing: the journeys run in ${browser}, slower ` +
        '(apt-get install chromium-headless-shell, or set CHROMIUM_SHELL_PATH).',
    );
  }
  return browser;
}

/**
 * The shell's compositor in its browser process instead of a GPU process of its own: without a
 * GPU that process only composites in software, and every frame crossed to it and back. A
 * sign-in from launch 3.2–3.6 → 2.8–3.2 CPU-seconds, a page load 1.19–1.20 → 1.10–1.13, and
 * screenshots that look the same. Only for the shell: the measuring scripts time the browser
 * as a person runs it.
 */
const SHELL_FLAGS = ['--in-process-gpu'];

/** `extraArgs`: a journey's own switches (e.g. --host-resolver-rules for an intranet host name). */
export function launchChromium(
  build: ChromiumBuild = 'browser',
  extraArgs: readonly string[] = [],
): Promise<Browser> {
  const flags = build === 'shell' ? [...CHROMIUM_FLAGS, ...SHELL_FLAGS] : CHROMIUM_FLAGS;
  return chromium.launch({
    executablePath: chromiumExecutable(build),
    args: [...flags, ...extraArgs],
  });
}
