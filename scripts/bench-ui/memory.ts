/**
 * What the app keeps over time: DOM nodes, the JS heap after forced collections (split into V8's
 * compiled code and the rest) and detached DOM nodes, read over the Chrome DevTools Protocol
 * after a pass over every screen of 全部应用 and after many open-close passes.
 */
import type { Page } from 'playwright-core';
import { settled } from './screens';

/** First pass: every screen of 全部应用, opened through the drawer, then all tabs closed. */
export async function openEveryScreen(page: Page): Promise<number> {
  await page.locator('.all-apps-button').click();
  await page.locator('.all-apps__item').first().waitFor();
  const count = await page.locator('.all-apps__item').count();
  await page.keyboard.press('Escape');
  await page.locator('.all-apps').waitFor({ state: 'hidden' });
  for (let index = 0; index < count; index += 1) {
    await page.locator('.all-apps-button').click();
    await page.locator('.all-apps__item').nth(index).click();
    await page.locator('.all-apps').waitFor({ state: 'hidden' });
    await page.waitForFunction(() =>
      document.querySelector(`.shell-view[data-path="${location.pathname}"]`),
    );
    await settled(page, new URL(page.url()).pathname).catch(() => undefined);
  }
  return count;
}

export interface Memory {
  nodes: number;
  /** V8 heap in use after GC. */
  heapMb: number;
  /** Of which compiled code (heap snapshot nodes of type code). */
  codeMb: number;
  /** Machine code objects (Sparkplug, Maglev, TurboFan output): functions the JIT found hot. */
  machineCode: number;
  /** DOM nodes no longer in the document but still referenced. */
  detached: number;
}

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

export async function memory(page: Page): Promise<Memory> {
  const session = await page.context().newCDPSession(page);
  // Twice: the first collection can leave what its finalizers released for the next one.
  await session.send('HeapProfiler.collectGarbage');
  await session.send('HeapProfiler.collectGarbage');
  const { usedSize } = await session.send('Runtime.getHeapUsage');
  const chunks: string[] = [];
  session.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
  await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  const heap = JSON.parse(chunks.join('')) as HeapSnapshot;
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const [type, name, size] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field));
  let code = 0;
  let machineCode = 0;
  let detached = 0;
  for (let at = 0; at < heap.nodes.length; at += fields.length) {
    const kind = types[heap.nodes[at + type!]!];
    if (kind === 'code') {
      code += heap.nodes[at + size!]!;
      if (heap.strings[heap.nodes[at + name!]!] === 'system / InstructionStream') machineCode += 1;
    } else if (kind === 'native' && heap.strings[heap.nodes[at + name!]!]?.startsWith('Detached '))
      detached += 1;
  }
  const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  await session.detach();
  return { nodes, heapMb: usedSize / 2 ** 20, codeMb: code / 2 ** 20, machineCode, detached };
}

export async function closeAllTabs(page: Page) {
  await page.locator('.history-tab').last().click({ button: 'right' });
  await page.locator('.history-tabs__menu').getByText('关闭全部', { exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/homepage');
}
