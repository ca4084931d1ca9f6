/**
 * Plain React beside the app (../bench-ui-plain/): the app's table copied as drawn — elements,
 * classes, attributes, style sheets — and drawn by a bare page built with the same Vite, without
 * the rows a click then adds; the click → last row drawn is what the app's figure is set against.
 */
import type { Browser, Page } from 'playwright-core';
import type { CopiedElement, CopiedTable } from '../bench-ui-plain/copied-table';

/** The plain React reference, served by the same server under this path. */
export const PLAIN = '/bench-plain/';

/** The screen's table as drawn (without its paginator and loading mask), and the style sheets. */
export function copyTable(page: Page, root: string, added: number[]): Promise<CopiedTable> {
  return page.evaluate(
    ({ selector, rows }) => {
      const copy = (element: Element): CopiedElement => ({
        tag: element.tagName.toLowerCase(),
        attributes: Object.fromEntries([...element.attributes].map((a) => [a.name, a.value])),
        children: [...element.childNodes].flatMap((child): (CopiedElement | string)[] => {
          if (child instanceof Element)
            return child.matches('.p-paginator, [class*="loading"]') ? [] : [copy(child)];
          return child.nodeType === Node.TEXT_NODE && child.textContent ? [child.textContent] : [];
        }),
      });
      const table = document.querySelector(selector);
      if (!table) throw new Error(`no ${selector}`);
      return {
        table: copy(table),
        links: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
          (link) => link.href,
        ),
        styles: [...document.querySelectorAll('style')].map((style) => style.textContent),
        added: rows,
      };
    },
    { selector: root, rows: added },
  );
}

/** The reference page, kept open: plain React's draws are alternated with the app's. */
export async function referencePage(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1930, height: 980 } });
  await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  return page;
}

/** Plain React drawing the copied table's added rows on a fresh load: click → last row drawn. */
export async function plainDraw(page: Page, baseUrl: string, copied: CopiedTable): Promise<number> {
  await page.goto(`${baseUrl}${PLAIN}`);
  await page.waitForFunction(() => typeof window.benchTable === 'function');
  await page.evaluate((table) => window.benchTable?.(table), copied);
  return page.evaluate(
    (expected) =>
      new Promise<number>((resolve) => {
        const started = performance.now();
        document.querySelector<HTMLElement>('#show-all')?.click();
        const check = () => {
          const elapsed = performance.now() - started;
          if (elapsed > 10000) resolve(Number.NaN);
          else if (document.querySelectorAll('tbody > tr').length === expected)
            requestAnimationFrame(() => resolve(performance.now() - started));
          else requestAnimationFrame(check);
        };
        check();
      }),
    countRows(copied.table),
  );
}

/** The body rows of a copied table. */
export function countRows(element: CopiedElement): number {
  if (element.tag === 'tbody')
    return element.children.filter((row) => typeof row !== 'string').length;
  return element.children.reduce(
    (sum, child) => sum + (typeof child === 'string' ? 0 : countRows(child)),
    0,
  );
}
