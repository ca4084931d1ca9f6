/**
 * `npm run bench:idle`: what a page nobody touches costs. The production build against the HTTP
 * mock, in Chromium: for the bare reference page and several screens, once each has settled,
 * the animation frames the page asks for and the CPU Chromium spends, per second over a few
 * seconds. A screen at rest should ask for no frames (a frame loop left running keeps a laptop's
 * CPU awake for as long as the tab is open). Prints a table; not a timed test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  fillSignIn,
  buildApp,
  buildReference,
  launchChromium,
  ROOT,
  serveBuilds,
  watchNetwork,
} from './bench-kit';

const WORK = path.join(ROOT, 'node_modules', '.cache', 'bench-idle');
/** The window each figure is measured over. */
const WINDOW_MS = 3000;
const TICKS_PER_SECOND = 100;

/** Counts the animation frames the page asks for (a string: run in the page before its scripts). */
const COUNT_FRAMES = `{
  const ask = window.requestAnimationFrame.bind(window);
  window.framesAsked = 0;
  window.requestAnimationFrame = (callback) => { window.framesAsked += 1; return ask(callback); };
}`;

/** CPU seconds (user + system) of this process's descendants: the Chromium it launched. */
function chromiumCpuSeconds(): number {
  const parents = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      cpu.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // gone meanwhile
    }
  }
  const descends = (pid: number): boolean => {
    for (let at = parents.get(pid); at !== undefined && at > 1; at = parents.get(at))
      if (at === process.pid) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, used] of cpu) if (descends(pid)) ticks += used;
  return ticks / TICKS_PER_SECOND;
}

interface IdleFigure {
  framesPerSecond: number;
  cpuMsPerSecond: number;
}

/** Frames asked for and Chromium's CPU per second while `page` is left alone for WINDOW_MS. */
async function idle(page: Page): Promise<IdleFigure> {
  const framesBefore = await page.evaluate(
    () => (window as unknown as { framesAsked: number }).framesAsked,
  );
  const cpuBefore = chromiumCpuSeconds();
  await page.waitForTimeout(WINDOW_MS);
  const framesAfter = await page.evaluate(
    () => (window as unknown as { framesAsked: number }).framesAsked,
  );
  const seconds = WINDOW_MS / 1000;
  return {
    framesPerSecond: (framesAfter - framesBefore) / seconds,
    cpuMsPerSecond: ((chromiumCpuSeconds() - cpuBefore) * 1000) / seconds,
  };
}

async function main(): Promise<void> {
  await rm(WORK, { recursive: true, force: true });
  const appDist = path.join(WORK, 'app');
  await buildApp(appDist);
  const referenceDir = path.join(WORK, 'reference');
  const referenceDist = await buildReference(referenceDir);
  const served = await serveBuilds({ dist: appDist }, { root: referenceDir, dist: referenceDist });
  const browser = await launchChromium();
  const rows: [string, IdleFigure][] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1930, height: 980 } });
    await context.addInitScript(COUNT_FRAMES);
    const page = await context.newPage();
    const network = watchNetwork(page);
    const settle = async () => {
      await network.quiet();
      // What the screen starts as it settles (a chart drawing in, a dialog fading) is over.
      await page.waitForTimeout(2000);
    };

    await page.goto(served.referenceUrl);
    await settle();
    rows.push(['bare React page', await idle(page)]);

    await page.goto(`${served.appUrl}/login`);
    await page.waitForSelector('#login-username');
    await settle();
    rows.push(['/login', await idle(page)]);

    await fillSignIn(page);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/homepage$/);
    await settle();
    rows.push(['/homepage', await idle(page)]);

    await page.goto(`${served.appUrl}/demo/form`);
    await page.locator('.filepond--root').first().waitFor();
    await settle();
    rows.push(['/demo/form (6 FilePond controls)', await idle(page)]);

    // The same tab, moved on inside the app: FilePond's code stays loaded.
    await page.locator('.history-tab', { hasText: '控制台' }).click();
    await page.waitForURL(/\/homepage$/);
    await settle();
    rows.push(['/homepage again, after the upload form', await idle(page)]);

    // A reload: FilePond's code is gone.
    await page.goto(`${served.appUrl}/system/notice`);
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await page.locator('.ce-paragraph').first().waitFor();
    await settle();
    rows.push(['公告管理 新增 (the rich-text editor)', await idle(page)]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  } finally {
    await browser.close();
    await served.close();
  }
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(
    `A page left alone, production build, ${WINDOW_MS / 1000} s each (Chromium, all its processes):`,
  );
  console.log(`  ${'page'.padEnd(width)}  frames asked/s  CPU ms/s`);
  for (const [label, figure] of rows)
    console.log(
      `  ${label.padEnd(width)}  ${figure.framesPerSecond.toFixed(1).padStart(14)}  ${figure.cpuMsPerSecond.toFixed(0).padStart(8)}`,
    );
}

await main();
