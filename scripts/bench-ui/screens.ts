/**
 * The shell and its lists as the UI bench (../bench-ui.ts) drives them: opening a screen from
 * the menu, switching tabs, changing a list's page size, opening a tree row — each timed inside
 * the page from the click to what it draws — and the records the bench adds through the API.
 */
import type { Page } from 'playwright-core';

/** Waits until the screen shown has rendered and nothing in it is loading any more. */
export async function settled(page: Page, target: string) {
  await page.locator(`.shell-view[data-path="${target}"]`).waitFor();
  await page.waitForFunction(
    (to) =>
      !document.querySelector(
        `.shell-view[data-path="${to}"] :is(.p-datatable-loading-overlay, .p-progressbar, .p-skeleton)`,
      ),
    target,
    { timeout: 15000 },
  );
}

/** Opens a screen as a user does: the menu group in the header, then the sidebar entry. */
export async function openFromMenu(page: Page, group: string, item: string, target: string) {
  await page.locator('header').getByText(group, { exact: true }).click();
  await page.locator('aside').getByText(item, { exact: true }).click();
  await page.waitForURL((url) => url.pathname === target);
  await page.locator(`.shell-view[data-path="${target}"] .p-datatable-tbody tr`).first().waitFor();
}

/** Click on a history tab → its kept screen displayed, in ms (measured inside the page). */
export function switchTab(page: Page, target: string): Promise<number> {
  return page.evaluate(
    (to) =>
      new Promise<number>((resolve) => {
        const started = performance.now();
        document.querySelector<HTMLElement>(`.history-tab[data-path="${to}"]`)?.click();
        const check = () => {
          const view = document.querySelector<HTMLElement>(`.shell-view[data-path="${to}"]`);
          const elapsed = performance.now() - started;
          // Reported as a failure (NaN) rather than waiting for ever.
          if (elapsed > 10000) resolve(Number.NaN);
          else if (location.pathname === to && view && view.offsetParent !== null) resolve(elapsed);
          else requestAnimationFrame(check);
        };
        check();
      }),
    target,
  );
}

async function pageSizeChange(page: Page, target: string, size: number): Promise<number> {
  const view = page.locator(`.shell-view[data-path="${target}"]`);
  await view.locator('.p-paginator .p-dropdown').click();
  return page.evaluate(
    ({ to, size: wanted }) =>
      new Promise<number>((resolve) => {
        const option = [...document.querySelectorAll<HTMLElement>('.p-dropdown-item')].find(
          (item) => item.textContent?.trim() === String(wanted),
        );
        const view = () => document.querySelector(`.shell-view[data-path="${to}"]`);
        // Re-rendered: the paginator shows the size, the list is not loading any more and every
        // row of the page is drawn (all of them, up to the size, as 共 N 条 counts them).
        const done = () => {
          const shown = view();
          const total = Number(
            /\d+/.exec(shown?.querySelector('.p-paginator-current')?.textContent ?? '')?.[0],
          );
          return (
            shown?.querySelector('.p-paginator .p-dropdown-label')?.textContent?.trim() ===
              String(wanted) &&
            !shown.querySelector('.p-datatable-loading-overlay') &&
            shown.querySelectorAll('.p-datatable-tbody tr').length === Math.min(wanted, total)
          );
        };
        const started = performance.now();
        option?.click();
        const check = () => {
          const elapsed = performance.now() - started;
          if (elapsed > 10000) resolve(Number.NaN);
          else if (done()) requestAnimationFrame(() => resolve(performance.now() - started));
          else requestAnimationFrame(check);
        };
        check();
      }),
    { to: target, size },
  );
}

/** Page size 10 → `size` `times` times (5) on the screen shown, each after a reload (ms). */
export async function pageSizeChanges(
  page: Page,
  target: string,
  size: number,
  rounds = 5,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    await page.reload();
    await settled(page, target);
    const label = page.locator(`.shell-view[data-path="${target}"] .p-paginator .p-dropdown-label`);
    if ((await label.innerText()).trim() !== '10')
      throw new Error(`${target} did not start at 10 rows a page`);
    times.push(await pageSizeChange(page, target, size));
  }
  return times;
}

/** Adds notices through the API with the signed-in user's headers, so a page can hold 50 rows. */
export async function addNotices(page: Page, auth: Record<string, string>, count: number) {
  const added = await page.evaluate(
    async ({ headers, count: wanted }) => {
      let ok = 0;
      for (let index = 1; index <= wanted; index += 1) {
        const response = await fetch('/api/adminnotice/add', {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({ notice_title: `性能测试公告 ${index}`, notice_type: 1 }),
        });
        const envelope = (await response.json()) as { status?: number };
        if (envelope.status === 200) ok += 1;
      }
      return ok;
    },
    { headers: auth, count },
  );
  if (added !== count) throw new Error(`only ${added} of ${count} notices were added`);
}

/** Adds cities under 广东省 (id 1) through the API, so that opening it draws `count` more rows. */
export async function addCities(page: Page, auth: Record<string, string>, count: number) {
  const added = await page.evaluate(
    async ({ headers, count: wanted }) => {
      let ok = 0;
      for (let index = 1; index <= wanted; index += 1) {
        const response = await fetch('/api/district/add', {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            name: `性能测试市 ${index}`,
            pid: 1,
            level: 2,
            code: String(449000 + index),
            initial: 'X',
            sort: 100 + index,
            status: 1,
          }),
        });
        const envelope = (await response.json()) as { status?: number };
        if (envelope.status === 200) ok += 1;
      }
      return ok;
    },
    { headers: auth, count },
  );
  if (added !== count) throw new Error(`only ${added} of ${count} cities were added`);
}

/** 城市管理: click on a province's toggle → its cities drawn (ms), after a reload. */
export async function openProvince(page: Page, target: string, province: string): Promise<number> {
  await page.reload();
  await settled(page, target);
  const body = `.shell-view[data-path="${target}"] tbody`;
  await page.locator(`${body} tr`, { hasText: province }).waitFor();
  return page.evaluate(
    ({ rows, name }) =>
      new Promise<number>((resolve) => {
        const all = () => [...document.querySelectorAll<HTMLElement>(`${rows} > tr`)];
        const before = all().length;
        const row = all().find((tr) => tr.textContent?.includes(name));
        const toggle = row?.querySelector<HTMLElement>('.p-treetable-toggler');
        // Drawn: more rows than before, nothing loading, and the row after the province's
        // last city is back where it was (all its cities are in).
        const done = () =>
          all().length > before + 1 &&
          !document.querySelector('.p-treetable-loading, .p-treetable-loading-overlay') &&
          all().filter((tr) => tr.textContent?.includes('性能测试市')).length === 78;
        const started = performance.now();
        toggle?.click();
        const check = () => {
          const elapsed = performance.now() - started;
          if (elapsed > 10000 || !toggle) resolve(Number.NaN);
          else if (done()) requestAnimationFrame(() => resolve(performance.now() - started));
          else requestAnimationFrame(check);
        };
        check();
      }),
    { rows: body, name: province },
  );
}
