/**
 * `npx tsx scripts/bench-enum.ts`: how long a drop-down over a big enum takes to open (issue 50
 * item 6: a 5,000-value enum filter took 16 s). The form's own single and multiple selects
 * (src/components/form/controls/select-one.tsx, select.tsx), built for production with the app's
 * theme into a page of their own, in Chromium: each is clicked open and timed until its panel
 * shows options and the page has run its queued work; the longest task tells how long the page
 * could not answer a click, and the panel's option elements are counted.
 *
 * Options: `--sizes 50,500,5000` (options per select), `--runs 3` (opens per size, the median
 * printed), `--reuse-build` (skip the build when the page exists).
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { build, preview } from 'vite';
import { ROOT, launchChromium } from './bench-kit';

const WORK = path.join(ROOT, 'node_modules', '.cache', 'bench-enum');

const PAGE_HTML = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" />
<title>bench-enum</title></head><body><div id="root"></div>
<script type="module" src="./main.tsx"></script></body></html>`;

/** One single and one multiple select per size (read from the address: ?sizes=50,5000). */
const PAGE_MAIN = `import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primeicons/primeicons.css';
import '@/app/base.css';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { SelectControl, SelectAllControl } from '@/components/form/controls/select';

const sizes = (new URLSearchParams(location.search).get('sizes') ?? '5000').split(',').map(Number);
const fieldOf = (size) => ({
  cf_name: 'enum' + size, cf_fieldname: 'enum' + size, cf_control: 'select',
  cf_sourcetype: 'STATIC',
  optionData: Array.from({ length: size }, (_, i) => ({ label: 'VALUE_' + String(i).padStart(5, '0'), value: 'v' + i })),
});
const noop = () => undefined;
createRoot(document.getElementById('root')).render(
  <QueryClientProvider client={new QueryClient()}>
    <PrimeReactProvider value={{ ripple: false }}>
      {sizes.map((size) => (
        <div key={size} style={{ width: 320, margin: 16 }}>
          <div data-bench={'one-' + size}><SelectControl field={fieldOf(size)} id={'one-' + size} value={null} onChange={noop} onBlur={noop} invalid={false} /></div>
          <div data-bench={'all-' + size}><SelectAllControl field={fieldOf(size)} id={'all-' + size} value={[]} onChange={noop} onBlur={noop} invalid={false} /></div>
        </div>
      ))}
    </PrimeReactProvider>
  </QueryClientProvider>,
);`;

/**
 * Runs in the page: clicks the select open and resolves with the time until its panel holds
 * options and the queued work has run, the longest task meanwhile and the option elements
 * drawn. A string: tsx would wrap a function in a helper the page lacks.
 */
const OPEN_IN_PAGE = `async (name) => {
  const holder = document.querySelector('[data-bench="' + name + '"]');
  const control = holder.querySelector('.p-dropdown, .p-multiselect');
  let longest = 0;
  const tasks = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
  });
  tasks.observe({ type: 'longtask' });
  const panel = () => document.querySelector('.p-dropdown-panel, .p-multiselect-panel');
  const start = performance.now();
  control.click();
  await new Promise((resolve) => {
    const check = () => { if (panel()?.querySelector('li[role="option"]')) { observer.disconnect(); resolve(); } };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    check();
  });
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const ms = performance.now() - start;
  tasks.takeRecords().forEach((entry) => { longest = Math.max(longest, entry.duration); });
  tasks.disconnect();
  const rows = panel().querySelectorAll('li[role="option"]');
  return { ms, longest, drawn: rows.length, rowPx: rows[0].offsetHeight };
}`;

interface OpenFigure {
  ms: number;
  longest: number;
  drawn: number;
  /**
   * Height of a drawn option row (its layout height: the panel opens with a scaleY(0.8)
   * animation): what the virtual scroller's itemSize must be.
   */
  rowPx: number;
}

function isOpenFigure(value: unknown): value is OpenFigure {
  return (
    typeof value === 'object' &&
    value !== null &&
    ['ms', 'longest', 'drawn', 'rowPx'].every((key) => typeof Reflect.get(value, key) === 'number')
  );
}

async function buildPage(): Promise<string> {
  const outDir = path.join(WORK, 'dist');
  await mkdir(WORK, { recursive: true });
  await writeFile(path.join(WORK, 'index.html'), PAGE_HTML);
  await writeFile(path.join(WORK, 'main.tsx'), PAGE_MAIN);
  await build({
    root: WORK,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [(await import('@vitejs/plugin-react')).default()],
    resolve: {
      alias: { '@': path.join(ROOT, 'src'), '@generated': path.join(ROOT, 'generated') },
    },
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

/** Opens `name`'s select, measures, and closes it again (Escape) for the next open. */
async function openOnce(page: Page, name: string): Promise<OpenFigure> {
  const figure: unknown = await page.evaluate(`(${OPEN_IN_PAGE})(${JSON.stringify(name)})`);
  if (!isOpenFigure(figure)) throw new Error(`${name}: the page measured nothing`);
  await page.keyboard.press('Escape');
  await page.waitForSelector('.p-dropdown-panel, .p-multiselect-panel', { state: 'detached' });
  return figure;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '50,500,5000' },
      runs: { type: 'string', default: '3' },
      'reuse-build': { type: 'boolean', default: false },
    },
  });
  const sizes = values.sizes.split(',').map(Number);
  const runs = Number(values.runs);
  const outDir = path.join(WORK, 'dist');
  if (!values['reuse-build'] || !existsSync(outDir)) await buildPage();
  const server = await preview({
    root: WORK,
    configFile: false,
    logLevel: 'warn',
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1' },
  });
  const url = (server.resolvedUrls?.local[0] ?? '').replace(/\/$/, '');
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${url}/?sizes=${sizes.join(',')}`);
    await page.waitForSelector(`[data-bench="all-${sizes.at(-1)}"] .p-multiselect`);
    console.log(
      'select    | options | open ms (median of %d) | longest task ms | options drawn | row px',
      runs,
    );
    for (const size of sizes)
      for (const kind of ['one', 'all'] as const) {
        const figures: OpenFigure[] = [];
        for (let run = 0; run < runs; run += 1)
          figures.push(await openOnce(page, `${kind}-${size}`));
        const label = kind === 'one' ? 'single  ' : 'multiple';
        console.log(
          `${label}  | ${String(size).padStart(7)} | ${median(figures.map((f) => f.ms))
            .toFixed(0)
            .padStart(22)} | ${median(figures.map((f) => f.longest))
            .toFixed(0)
            .padStart(
              15,
            )} | ${String(figures[0]?.drawn ?? 0).padStart(13)} | ${figures[0]?.rowPx ?? 0}`,
        );
      }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
