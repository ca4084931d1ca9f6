/**
 * `npx tsx scripts/bench-paste.ts`: how long pasting HTML into the rich-text editor takes (issue
 * 49 case 9). The production build against the HTTP mock, in Chromium as a person runs it:
 * 公告管理 → 新增, a caret in the editor's first paragraph, then a paste event carrying
 * clipboard HTML of 100 KB, 500 KB and 5 MB (as a browser makes it from a web page or Word:
 * headings, styled paragraphs, links, lists and small tables). Timed from the paste to the moment
 * the pasted end mark is in the editor (or the editor's refusal is shown) and the page has run
 * its queued work; the longest task tells how long the page could not answer a click.
 *
 * Options: `--sizes 100,500,5000` (KB), `--kind page|paragraphs` (paragraphs only go to
 * Editor.js's own paste; a page goes through the project's codec), `--timeout 90` (seconds per
 * paste), `--profile out.cpuprofile` (a CPU profile of the first size, for DevTools), `--trace
 * out.json` (a performance trace of the first size: layout, style, parsing),
 * `--reuse-build` (skip the build when node_modules/.cache/bench-paste/app exists).
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import {
  ROOT,
  buildApp,
  buildReference,
  fillSignIn,
  launchChromium,
  serveBuilds,
} from './bench-kit';
import { END_MARK, clipboardHtml, type PasteKind } from './paste-html';

const WORK = path.join(ROOT, 'node_modules', '.cache', 'bench-paste');
/**
 * Runs in the page: pastes `html` at the caret in the editor's first paragraph and resolves with
 * the time until the end mark shows (or a refusal toast does) and the queued work has run, the
 * longest task meanwhile, and the number of blocks. A string: tsx would wrap a function.
 */
const PASTE_IN_PAGE = `async ({ html, endMark }) => {
  const editor = document.querySelector('.codex-editor');
  const first = editor.querySelector('.ce-paragraph');
  first.focus();
  const range = document.createRange();
  range.selectNodeContents(first);
  range.collapse(false);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  let longest = 0;
  const tasks = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
  });
  tasks.observe({ type: 'longtask' });
  const done = () =>
    editor.textContent.includes(endMark) ? 'pasted'
      : document.querySelector('.p-toast-message-warn, .p-toast-message-error') ? 'refused'
      : undefined;
  const data = new DataTransfer();
  data.setData('text/html', html);
  data.setData('text/plain', html.replace(/<[^>]*>/g, ''));
  const start = performance.now();
  first.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  const outcome = await new Promise((resolve) => {
    const check = () => { const state = done(); if (state) { observer.disconnect(); resolve(state); } };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    check();
  });
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const ms = performance.now() - start;
  tasks.takeRecords().forEach((entry) => { longest = Math.max(longest, entry.duration); });
  tasks.disconnect();
  const toast = document.querySelector('.p-toast-message-warn, .p-toast-message-error');
  const measured = (name) => performance.getEntriesByName(name).at(-1)?.duration ?? 0;
  return { ms, longest, outcome, blocks: editor.querySelectorAll('.ce-block').length,
    message: toast ? toast.textContent : '', parse: measured('editor-paste:blocks'),
    inserted: measured('editor-paste:inserted') };
}`;

interface PasteFigure {
  ms: number;
  longest: number;
  outcome: string;
  blocks: number;
  message: string;
  /** The app's own User Timing of the phases (0 where the build has none, or it was refused). */
  parse: number;
  inserted: number;
}

async function openEditor(browser: Browser, appUrl: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1930, height: 980 } });
  const page = await context.newPage();
  await page.goto(`${appUrl}/login`);
  await page.waitForSelector('#login-username');
  await fillSignIn(page);
  await page.click('button[type=submit]');
  await page.waitForURL(/\/homepage$/);
  await page.goto(`${appUrl}/system/notice`);
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await page.locator('.rich-editor[data-ready="true"] .ce-paragraph').first().waitFor();
  return page;
}

async function pasteOnce(
  page: Page,
  html: string,
  timeoutMs: number,
): Promise<PasteFigure | undefined> {
  const run = page.evaluate(`(${PASTE_IN_PAGE})(${JSON.stringify({ html, endMark: END_MARK })})`);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
  });
  try {
    // The page's answer is the figure it measured (an object of the fields above).
    const figure = await Promise.race([run as Promise<PasteFigure>, timeout]);
    return figure;
  } finally {
    clearTimeout(timer);
    run.catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '100,500,5000' },
      kind: { type: 'string', default: 'page' },
      timeout: { type: 'string', default: '90' },
      profile: { type: 'string' },
      trace: { type: 'string' },
      'reuse-build': { type: 'boolean', default: false },
    },
  });
  const kind: PasteKind = values.kind === 'paragraphs' ? 'paragraphs' : 'page';
  const sizes = values.sizes.split(',').map((kb) => Number(kb) * 1024);
  const timeoutMs = Number(values.timeout) * 1000;
  const appDist = path.join(WORK, 'app');
  // Hidden source maps: a profile's positions can be read back to the sources.
  if (!values['reuse-build'] || !existsSync(appDist))
    await buildApp(appDist, { sourcemap: 'hidden' });
  const referenceDir = path.join(WORK, 'reference');
  const referenceDist = path.join(referenceDir, 'dist');
  if (!existsSync(referenceDist)) await buildReference(referenceDir);
  const served = await serveBuilds({ dist: appDist }, { root: referenceDir, dist: referenceDist });
  const browser = await launchChromium();
  console.log(`paste of ${kind} HTML into 公告内容 (Chromium ${browser.version()})`);
  try {
    for (const [index, bytes] of sizes.entries()) {
      const html = clipboardHtml(kind, bytes);
      const page = await openEditor(browser, served.appUrl);
      const profiling = values.profile !== undefined && index === 0;
      const cdp = profiling ? await page.context().newCDPSession(page) : undefined;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.start');
      }
      const tracing = values.trace !== undefined && index === 0;
      if (tracing) await browser.startTracing(page, { path: values.trace, screenshots: false });
      const figure = await pasteOnce(page, html, timeoutMs);
      if (tracing) await browser.stopTracing();
      if (cdp && values.profile) {
        const { profile } = await cdp.send('Profiler.stop');
        await writeFile(values.profile, JSON.stringify(profile));
      }
      const label = `${(Buffer.byteLength(html) / 1024).toFixed(0).padStart(5)} KB`;
      if (figure)
        console.log(
          `${label}: ${figure.outcome.padEnd(8)} ${(figure.ms / 1000).toFixed(2).padStart(6)} s, ` +
            `longest task ${(figure.longest / 1000).toFixed(2)} s, ${figure.blocks} blocks` +
            (figure.parse
              ? ` (HTML → blocks ${(figure.parse / 1000).toFixed(2)} s, ` +
                `all inserted at ${(figure.inserted / 1000).toFixed(2)} s)`
              : '') +
            (figure.message ? `, message: ${figure.message.trim()}` : ''),
        );
      else console.log(`${label}: not done after ${timeoutMs / 1000} s (page unresponsive)`);
      await page.context().close();
    }
  } finally {
    await browser.close();
    await served.close();
  }
}

await main();
