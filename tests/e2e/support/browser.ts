/**
 * Real Chromium for the journeys (Debian's chromium-headless-shell, driven by playwright-core).
 * Each journey gets a fresh context: empty storage, so the mock backend starts from its seeds.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { launchChromium as launch } from '../../../scripts/chromium';
import { trackPage } from './requests';

/** The journeys' Chromium: the headless shell (scripts/chromium.ts says why). */
export function launchChromium(): Promise<Browser> {
  return launch('shell');
}

export const SCREENSHOT_DIR = path.resolve('tests/e2e/screenshots');

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function newPage(
  browser: Browser,
  viewport = { width: 1930, height: 980 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'zh-CN' });
  const page = await context.newPage();
  trackPage(page);
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** Frames without a change of inline style after which script-driven animations are over. */
const QUIET_FRAMES = 3;
/** A page whose inline styles keep changing longer than this is scanned as it is. */
const STYLE_SETTLE_MS = 3000;

/**
 * Waits until every finite animation and transition on the page has ended (spinners run for
 * ever and are not awaited): a dialog fading in is at part opacity until then. Animations run
 * by script instead of CSS (FilePond's springs set opacity and transforms inline, frame by frame)
 * are over once no inline style has changed for a few frames.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(
    async ({ quietFrames, settleMs }) => {
      await Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      );
      await new Promise<void>((resolve) => {
        let quiet = 0;
        const observer = new MutationObserver(() => {
          quiet = 0;
        });
        observer.observe(document.body, {
          subtree: true,
          attributes: true,
          attributeFilter: ['style'],
        });
        const started = performance.now();
        const frame = () => {
          quiet += 1;
          if (quiet >= quietFrames || performance.now() - started > settleMs) {
            observer.disconnect();
            resolve();
          } else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
    },
    { quietFrames: QUIET_FRAMES, settleMs: STYLE_SETTLE_MS },
  );
}
