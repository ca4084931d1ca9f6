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

/** The journeys' Chromium: the headless shell (scripts/chromium.ts says why), with `extraArgs`. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return launch('shell', extraArgs);
}

export const SCREENSHOT_DIR = path.resolve('tests/e2e/screenshots');

export function baseUrl(): string {
  return inject('baseUrl');
}

/**
 * How fast the journeys' pages play CSS animations and transitions (and Web Animations): 4×,
 * as DevTools' animation speed control does, through the page's own DevTools session. Chromium
 * without a GPU composites every frame of an animation in software, the whole viewport for a
 * dialog's fading mask: one dialog opened and closed cost the compositor ~0.4 CPU-s at natural
 * speed and ~0.2 at 4× (and the renderer 0.38 → 0.29); four journey files took 239 → 199 CPU-s.
 * Every animation still runs, from its first frame to its last, and ends as it would; the app's
 * own timers (the 500 ms transition, a toast's life, FilePond's springs) keep their time. A
 * journey whose subject is the moment an animation ends asks for natural speed (rate 1).
 */
export const JOURNEY_ANIMATION_RATE = 4;

export async function newPage(
  browser: Browser,
  viewport = { width: 1930, height: 980 },
  { animationRate = JOURNEY_ANIMATION_RATE }: { animationRate?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'zh-CN' });
  const page = await context.newPage();
  if (animationRate !== 1) {
    const devtools = await context.newCDPSession(page);
    // Kept by the page's DevTools session across its navigations, reloads included.
    await devtools.send('Animation.setPlaybackRate', { playbackRate: animationRate });
  }
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
