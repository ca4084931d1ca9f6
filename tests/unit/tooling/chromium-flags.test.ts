// @vitest-environment node
/**
 * The journeys' Chromium flags (scripts/chromium.ts) give Chromium one --disable-features list,
 * and it keeps every feature Playwright turns off itself: Chromium reads only the last such
 * flag, so ours replaces Playwright's. Playwright's list is read from the installed package,
 * so an upgrade that adds a feature fails here instead of quietly changing how pages behave.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHROMIUM_FLAGS,
  chromiumExecutable,
  launchChromium,
  PLAYWRIGHT_DISABLED_FEATURES,
} from '../../../scripts/chromium';

/** The feature names in playwright-core's `disabledFeatures = [ … ]`. */
async function playwrightDisabledFeatures(): Promise<string[]> {
  const packageDir = path.dirname(
    createRequire(import.meta.url).resolve('playwright-core/package.json'),
  );
  const bundle = await readFile(path.join(packageDir, 'lib/coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1] ?? '';
  return [...list.replace(/\/\/.*$/gm, '').matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? '');
}

describe('Chromium flags', () => {
  it('keep every feature Playwright turns off, in the one --disable-features there is', async () => {
    const playwrights = await playwrightDisabledFeatures();
    expect(playwrights).toContain('PaintHolding');
    const lists = CHROMIUM_FLAGS.filter((flag) => flag.startsWith('--disable-features='));
    expect(lists).toHaveLength(1);
    const ours = (lists[0] ?? '').slice('--disable-features='.length).split(',');
    expect(ours).toEqual(expect.arrayContaining(playwrights));
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual([...playwrights].sort());
  });

  it("open no page of Chromium's own UI beside a context's page", async () => {
    const browser = await launchChromium();
    try {
      const page = await (await browser.newContext()).newPage();
      await page.goto('about:blank');
      const session = await browser.newBrowserCDPSession();
      const { targetInfos } = await session.send('Target.getTargets');
      expect(targetInfos.map((target) => `${target.type} ${target.url}`)).toEqual([
        'page about:blank',
      ]);
    } finally {
      await browser.close();
    }
  });
});

describe('which Chromium', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('is the headless shell for the journeys and the browser for the measuring scripts', () => {
    // Any file that exists stands for an installed shell: the test does not depend on this
    // machine having Debian's package (the fallback below is for machines without it).
    vi.stubEnv('CHROMIUM_PATH', undefined);
    vi.stubEnv('CHROMIUM_SHELL_PATH', process.execPath);
    expect(chromiumExecutable('shell')).toBe(process.execPath);
    expect(chromiumExecutable('browser')).toBe('/usr/bin/chromium');
  });

  it('falls back to the browser without the shell, and says so once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubEnv('CHROMIUM_PATH', '/opt/chromium/chrome');
    vi.stubEnv('CHROMIUM_SHELL_PATH', '/nowhere/chromium-headless-shell');
    expect(chromiumExecutable('shell')).toBe('/opt/chromium/chrome');
    expect(chromiumExecutable('shell')).toBe('/opt/chromium/chrome');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('apt-get install chromium-headless-shell');
  });
});
