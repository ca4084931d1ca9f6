/**
 * Issue 50's "Done when", in Chromium: the published documents of tests/fixtures/openapi/real/,
 * imported, generated and built into a demo of their own (support/real-documents-build.ts), each
 * become screens that list, add, edit and delete against the source's mock. Per document, one
 * resource is driven as a person would: its source's menu group and screen by visible text, the
 * rows, a record added through the form's visible labels and found in the list, one field edited
 * and seen changed, the record deleted (confirmed) and gone — answering the source's sign-in
 * dialog where its document asks for a credential. Cloud Hypervisor has no resource to list or
 * look up: its import report accounts for every operation instead. DigitalOcean is driven on two
 * resources: VPCs, and Projects, whose edit body requires fields its add body lacks.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preview, type PreviewServer } from 'vite';
import type { Browser, Locator, Page } from 'playwright-core';
import { isRecord } from '@/core/guards';
import { launchChromium, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';
import { realDocumentsBuild, REPORT_ONLY_DOCUMENT } from './support/real-documents-build';
import { freePort } from '../support/free-port';

/** Generous: the workspace build (five imports, one generate, one vite build) is minutes. */
const BUILD_TIMEOUT_MS = 20 * 60_000;

let browser: Browser;
let server: PreviewServer | undefined;
let baseUrl = '';
let reportOnlyContract = '';

beforeAll(async () => {
  const built = await realDocumentsBuild();
  reportOnlyContract = built.reportOnlyContract;
  server = await preview({
    root: built.workspace,
    configFile: path.join(built.workspace, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: built.outDir },
    preview: { port: await freePort(), host: '127.0.0.1', strictPort: true },
  });
  baseUrl = (server.resolvedUrls?.local[0] ?? '').replace(/\/$/, '');
  browser = await launchChromium();
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The rows of the list shown (not the empty table's message row). */
const rows = (page: Page): Locator =>
  page.locator('.crud-page .p-datatable-tbody tr:not(.p-datatable-emptymessage)');
const rowWith = (page: Page, text: string): Locator => rows(page).filter({ hasText: text });

async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('.p-toast-message', { hasText: text }).first().waitFor();
}

/**
 * Waits for `until`; where the source's sign-in dialog opens first (its document asks for a
 * credential on this call), signs in with a token or API key as a person types it.
 */
async function signInIfAsked(page: Page, sourceTitle: string, until: Locator): Promise<boolean> {
  const ask = page.getByRole('dialog', { name: `登录「${sourceTitle}」` });
  await ask.or(until).first().waitFor();
  if (!(await ask.isVisible())) return false;
  await ask.getByLabel(/API 密钥|访问令牌/).fill('e2e-credential');
  await ask.getByRole('button', { name: '登录' }).click();
  await expectToast(page, `已登录「${sourceTitle}」`);
  await ask.waitFor({ state: 'detached' });
  return true;
}

/**
 * The row showing `text`: new records come last, so from the last page where the list has one,
 * else page after page.
 */
async function findRow(page: Page, text: string): Promise<Locator> {
  const row = rowWith(page, text);
  const last = page.locator('.p-paginator .p-paginator-last');
  if ((await last.count()) > 0 && (await last.isEnabled())) await last.click();
  const next = page.locator('.p-paginator .p-paginator-next');
  for (;;) {
    const found = await expect
      .poll(() => row.count(), { timeout: 3000 })
      .toBeGreaterThan(0)
      .then(
        () => true,
        () => false,
      );
    if (found) {
      await row.scrollIntoViewIfNeeded();
      return row;
    }
    if ((await next.count()) === 0 || !(await next.isEnabled()))
      throw new Error(`no row shows ${text}`);
    await next.click();
  }
}

interface FieldValue {
  /** The form field's visible label. */
  label: string;
  value: string;
  /** A select: `value` is the option's visible text. */
  choose?: boolean;
}

/** Types or chooses each value in the form's field of that visible label. */
async function fillForm(page: Page, form: Locator, values: FieldValue[]): Promise<void> {
  for (const { label, value, choose } of values) {
    if (!choose) {
      await form.getByLabel(label, { exact: true }).fill(value);
      continue;
    }
    const field = form.locator('.dynamic-form__field', {
      has: page.locator('label').getByText(label, { exact: true }),
    });
    await field.locator('.p-dropdown').click();
    await page
      .locator('.p-dropdown-panel .p-dropdown-item')
      .getByText(value, { exact: true })
      .click();
  }
}

interface DocumentJourney {
  /** The source's name (its document's file name). */
  name: string;
  /** The screenshots' part, where it is not the source's name (a second resource of one source). */
  shots?: string;
  /** The source's menu group title (the document's info.title). */
  source: string;
  /** The screen's entry in the menu group. */
  screen: string;
  /** The screen's address. */
  route: RegExp;
  /** What the add form is given (its required fields among them); the first value is found in the list. */
  add: [FieldValue, ...FieldValue[]];
  /** What the edit form is given (what its body requires too); the first is seen in the row. */
  edit: [FieldValue, ...FieldValue[]];
}

const JOURNEYS: DocumentJourney[] = [
  {
    name: 'realworld',
    source: 'RealWorld Conduit API',
    screen: 'Articles',
    route: /\/realworld\/articles$/,
    add: [
      { label: 'Title', value: '端到端文章' },
      { label: 'Description', value: '一篇由端到端测试写的文章' },
      { label: 'Body', value: '正文' },
    ],
    edit: [{ label: 'Description', value: '摘要已改' }],
  },
  {
    name: 'kratos',
    source: 'Ory Identities API',
    screen: 'Identities',
    route: /\/kratos\/admin-identities$/,
    add: [
      { label: 'Schema id', value: 'e2e-schema' },
      { label: "Traits represent an identity's traits", value: '{"email": "e2e@example.com"}' },
    ],
    // Kratos's update body requires the state too.
    edit: [
      { label: 'External id', value: 'e2e-external-2' },
      { label: "State is the identity's state", value: 'active', choose: true },
    ],
  },
  {
    name: 'listmonk',
    source: 'Listmonk',
    screen: 'Subscribers',
    route: /\/listmonk\/subscribers$/,
    add: [
      { label: 'Email', value: 'e2e-subscriber@example.com' },
      { label: 'Name', value: '端到端订阅者' },
    ],
    edit: [{ label: 'Name', value: '端到端订阅者（已改）' }],
  },
  {
    name: 'digitalocean',
    source: 'DigitalOcean API',
    screen: 'Vpcs',
    route: /\/digitalocean\/vpcs$/,
    add: [
      { label: 'The name of the VPC', value: 'e2e-vpc' },
      { label: 'Region', value: 'nyc1' },
    ],
    edit: [{ label: 'Description', value: 'described by the journey' }],
  },
  {
    name: 'digitalocean',
    shots: 'digitalocean-projects',
    source: 'DigitalOcean API',
    screen: 'Projects',
    route: /\/digitalocean\/projects$/,
    add: [
      { label: 'The human-readable name for the project', value: 'e2e-project' },
      { label: 'The purpose of the project', value: 'End-to-end testing' },
      { label: 'The description of the project', value: 'made by the journey' },
    ],
    // The update body requires the environment, which the add body does not send.
    edit: [
      { label: 'The description of the project', value: 'described by the journey' },
      { label: 'Environment', value: 'Staging', choose: true },
    ],
  },
  {
    name: 'openai',
    source: 'OpenAI API',
    screen: 'Assistants',
    route: /\/openai\/assistants$/,
    // Its list pages by cursor (`after`, `has_more`): the new assistant is found page by page.
    add: [
      { label: 'Name', value: '端到端助手' },
      { label: 'ID of the model to use', value: 'gpt-4o' },
      // anyOf [enum, null] in the document: a select, not free text.
      { label: 'Reasoning effort', value: 'low', choose: true },
    ],
    edit: [{ label: 'Description', value: '由端到端测试改过' }],
  },
];

/** One document's journey on its resource, from the home page to the record deleted. */
async function drive(page: Page, journey: DocumentJourney): Promise<void> {
  await page.goto(`${baseUrl}/homepage`);
  await signIn(page, 'admin');
  await page.waitForURL(/\/homepage$/);
  await page.locator('.all-apps-button').click();
  await page
    .locator('.all-apps__group', { hasText: journey.source })
    .getByText(journey.screen, { exact: true })
    .click();
  await page.waitForURL(journey.route);
  await signInIfAsked(page, journey.source, rows(page));
  await rows(page).first().waitFor();
  expect(await rows(page).count()).toBeGreaterThan(0);
  await screenshot(page, `real-${journey.shots ?? journey.name}-list`);

  await page.getByRole('button', { name: '新增' }).click();
  const add = page.getByRole('dialog', { name: `新增 - ${journey.screen}` });
  await fillForm(page, add, journey.add);
  await add.getByRole('button', { name: '提交' }).click();
  const added = page.locator('.p-toast-message', { hasText: '新增成功' });
  // A write refused for want of a credential is not sent again by itself: signed in, the
  // person submits the form, which kept what was typed, once more.
  if (await signInIfAsked(page, journey.source, added)) {
    await add.getByRole('button', { name: '提交' }).click();
    await added.first().waitFor();
  }
  const shown = journey.add[0].value;
  const row = await findRow(page, shown);
  await screenshot(page, `real-${journey.shots ?? journey.name}-added`);

  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: `编辑 - ${journey.screen}` });
  const first = edit.getByLabel(journey.add[0].label, { exact: true });
  await expect.poll(() => first.inputValue()).toBe(shown);
  await fillForm(page, edit, journey.edit);
  await edit.getByRole('button', { name: '提交' }).click();
  await expectToast(page, '修改成功');
  const edited = await findRow(page, journey.edit[0].value);
  expect(await edited.innerText()).toContain(shown);
  await screenshot(page, `real-${journey.shots ?? journey.name}-edited`);

  await edited.getByRole('button', { name: '删除' }).click();
  await page.locator('.p-confirm-dialog-accept').click();
  await expectToast(page, '删除成功');
  await rowWith(page, shown).waitFor({ state: 'detached' });
}

describe('published documents as screens (issue 50)', () => {
  for (const journey of JOURNEYS) {
    it(`${journey.name}: ${journey.source} → ${journey.screen} lists, adds, edits and deletes`, async () => {
      const { page } = await newPage(browser);
      const calls: string[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (!url.pathname.startsWith(`/sources/${journey.name}/`)) return;
        const call = `${response.request().method()} ${url.pathname}${url.search} ${response.status()}`;
        calls.push(call);
        // A refusal's body says why (the problem+json's errors).
        if (response.status() >= 400 && response.status() !== 401)
          void response.text().then((text) => calls.push(`  ${call}: ${text.slice(0, 600)}`));
      });
      // What the screen showed and the source's calls where the journey stopped, to look at.
      await drive(page, journey).catch(async (failure: unknown) => {
        await screenshot(page, `real-${journey.shots ?? journey.name}-failed`);
        console.log(`${journey.name}: the source's calls\n${calls.join('\n')}`);
        throw failure;
      });
      await page.close();
    });
  }

  it(`${REPORT_ONLY_DOCUMENT}: nothing to list, every operation accounted for in the import report`, async () => {
    const document: unknown = parse(
      await readFile(`tests/fixtures/openapi/real/${REPORT_ONLY_DOCUMENT}.yaml`, 'utf8'),
    );
    const paths = isRecord(document) && isRecord(document.paths) ? document.paths : {};
    const operations = Object.entries(paths).flatMap(([address, item]) =>
      isRecord(item)
        ? ['get', 'put', 'post', 'delete', 'patch']
            .filter((method) => method in item)
            .map((method) => `${method.toUpperCase()} ${address}`)
        : [],
    );
    expect(operations).toHaveLength(31);
    const report = await readFile(
      path.join(reportOnlyContract, 'sources', REPORT_ONLY_DOCUMENT, 'import-report.txt'),
      'utf8',
    );
    // An operation is mapped (a capability's or an action's line ends with it) or left out
    // (its line starts with it, then the reason).
    const lines = report.split('\n').map((line) => line.trim());
    const unaccounted = operations.filter(
      (operation) =>
        !lines.some((line) => line.startsWith(`${operation}: `) || line.endsWith(` ${operation}`)),
    );
    expect(unaccounted).toEqual([]);
    expect(report).toContain('31 operation(s)');
  });
});
