/**
 * The designers in real Chromium on the mock backend, by visible text: 后台设计 adds a module;
 * 字段管理 (named after it) gets one field of each non-upload control and the live preview
 * shows them all; a wrong, a reserved and a duplicate field name are refused with their
 * messages; 校验预览 shows the real form's messages; a new sort number moves a field to the top
 * of the preview; 导出契约 downloads the module's contract fragment; 前台设计 previews the
 * answer of a call with only the ticked fields. Screenshots land in tests/e2e/screenshots/.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  ({ page } = await newPage(browser));
  await page.goto(`${baseUrl()}/system/module/list`);
  await signIn(page, 'admin');
  await page.waitForURL(/\/system\/module\/list$/);
});

afterAll(async () => {
  await browser?.close();
});

const MODULE = { title: '控件演示', name: 'ControlDemo', table: 'cms_control_demo' };

interface DesignedInput {
  label: string;
  name: string;
  control: string;
  /** Static options (label = value text). */
  options?: string[];
}

/** One field of each control that needs no upload (the editor is not built yet). */
const FIELDS: DesignedInput[] = [
  { label: '单行文本', name: 'text_one', control: 'input' },
  { label: '多行文本', name: 'text_many', control: 'textarea' },
  { label: '数量', name: 'amount', control: 'InputNumber' },
  { label: '日期', name: 'day', control: 'DatePicker' },
  { label: '日期时间', name: 'moment', control: 'DateTimePicker' },
  { label: '时间', name: 'clock', control: 'TimePicker' },
  { label: '口令', name: 'secret', control: 'password' },
  { label: '单选', name: 'one_choice', control: 'radio', options: ['甲', '乙'] },
  { label: '下拉', name: 'direction', control: 'select', options: ['东', '西'] },
  { label: '多选下拉', name: 'colors', control: 'selectAll', options: ['红', '绿'] },
  { label: '复选', name: 'ticks', control: 'checkbox', options: ['早', '晚'] },
  { label: '开关', name: 'toggle', control: 'Switch' },
  { label: '滑块', name: 'slide', control: 'Slider' },
  { label: '部门', name: 'dep', control: 'Department' },
  { label: '授权部门', name: 'dep_auth', control: 'DepartmentAuth' },
  { label: '树形选择', name: 'tree', control: 'SelectTree', options: ['总部', '分部'] },
  { label: '城市', name: 'town', control: 'city' },
];

const preview = () => page.getByRole('region', { name: '表单预览' });
const editor = () => page.getByRole('dialog', { name: /新增字段|编辑字段/ });

async function expectToast(text: string): Promise<void> {
  await page.locator('.p-toast-message', { hasText: text }).first().waitFor();
}

/** The labels of the preview form, top to bottom. */
async function previewLabels(): Promise<string[]> {
  return preview().locator('.dynamic-form__label label').allInnerTexts();
}

async function pickControl(dialog: Locator, control: string): Promise<void> {
  await dialog.locator('.p-dropdown').first().click();
  const panel = page.locator('.p-dropdown-panel');
  await panel.locator('.p-dropdown-filter').fill(control);
  // The option is clicked once the list shows the filter's result: on a busy machine the full list
  // can still be drawn when the option is found in it, and the filtered redraw (which realigns
  // the panel) moves it away from under the click.
  await page.waitForFunction((text) => {
    const options = [...document.querySelectorAll('.p-dropdown-panel [role="option"]')];
    const wanted = text.toLocaleLowerCase();
    return (
      options.length > 0 &&
      options.every((option) => option.textContent?.toLocaleLowerCase().includes(wanted))
    );
  }, control);
  await panel.getByRole('option', { name: control, exact: true }).click();
  await panel.waitFor({ state: 'detached' });
}

async function openEditor(): Promise<Locator> {
  await page.getByRole('button', { name: '新增字段' }).click();
  const dialog = editor();
  await dialog.waitFor();
  return dialog;
}

async function addField(field: DesignedInput, required = false): Promise<void> {
  const dialog = await openEditor();
  await dialog.getByLabel('字段名称').fill(field.label);
  await dialog.getByLabel('字段标识').fill(field.name);
  if (field.control !== 'input') await pickControl(dialog, field.control);
  for (const [index, option] of (field.options ?? []).entries()) {
    await dialog.getByRole('button', { name: '添加选项' }).click();
    await dialog.getByLabel(`选项文字 ${index + 1}`).fill(option);
  }
  if (required) await dialog.getByText('必填', { exact: true }).click();
  await dialog.getByRole('button', { name: '保存' }).click();
  // Closed, or a refusal to report (the editor keeps what was typed).
  const refusal = dialog.getByRole('alert').first();
  await Promise.race([dialog.waitFor({ state: 'detached' }), refusal.waitFor()]);
  if (await refusal.isVisible()) throw new Error(`${field.name}: ${await refusal.innerText()}`);
  await preview().getByText(field.label, { exact: true }).first().waitFor();
}

describe('designing a module', () => {
  it('adds a module in 后台设计 and opens its 字段管理', async () => {
    const list = page.locator('section.crud-page[aria-label="后台设计"]:visible');
    await list.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增 - 后台设计' });
    await dialog.getByLabel('模块标题').fill(MODULE.title);
    await dialog.getByLabel('模块名称').fill(MODULE.name);
    await dialog.getByLabel('数据表名').fill(MODULE.table);
    await dialog.getByRole('button', { name: '提交' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = list.locator('tr', { hasText: MODULE.name });
    await row.waitFor();
    await row.getByRole('button', { name: '字段管理' }).click();
    await page.waitForURL(/\/system\/module\/field\?module=\d+$/);
    await page
      .getByRole('heading', { name: `字段管理：${MODULE.title}（${MODULE.name}）` })
      .waitFor();
    await preview().getByText('暂无字段，新增字段后在此预览表单').waitFor();
  });

  it('one field of each non-upload control: the preview shows them all, in order', async () => {
    for (const [index, field] of FIELDS.entries()) await addField(field, index === 0);
    expect(await previewLabels()).toEqual(FIELDS.map((field) => field.label));
    // Each control is the real one: a number box, a switch, a slider, a tree select…
    const block = (name: string) => preview().locator(`[data-field="${name}"]`);
    await block('amount').locator('.p-inputnumber').waitFor();
    await block('toggle').locator('.p-inputswitch').waitFor();
    await block('slide').locator('.p-slider').waitFor();
    await block('one_choice').getByText('乙').waitFor();
    await block('ticks').getByText('晚').waitFor();
    await block('tree').locator('.p-treeselect').waitFor();
    await screenshot(page, 'designer-fields-preview');
  });

  it('refuses a wrong, a reserved and a taken field name with their messages', async () => {
    const dialog = await openEditor();
    await dialog.getByLabel('字段名称').fill('错误标识');
    const cases: [string, string][] = [
      ['Bad-Name', '字段标识须以小写字母开头，只能包含小写字母、数字和下划线'],
      ['2nd', '字段标识须以小写字母开头，只能包含小写字母、数字和下划线'],
      ['status', '字段标识「status」是系统保留字，请换一个'],
      ['select', '字段标识「select」是系统保留字，请换一个'],
      ['amount', '字段标识「amount」在本模块中已存在'],
    ];
    for (const [name, message] of cases) {
      await dialog.getByLabel('字段标识').fill(name);
      await dialog.getByRole('button', { name: '保存' }).click();
      await expect.poll(() => dialog.getByRole('alert').allInnerTexts()).toEqual([message]);
    }
    await screenshot(page, 'designer-field-name-refused');
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await previewLabels()).toHaveLength(FIELDS.length);
  });

  it('校验预览 validates the preview as the real form does', async () => {
    await preview().getByRole('button', { name: '校验预览' }).click();
    await preview().getByText('请输入单行文本').waitFor();
    await preview()
      .getByText(/预览表单有 \d+ 处未通过校验/)
      .waitFor();
    await screenshot(page, 'designer-preview-validated');
    await preview().locator('[data-field="text_one"] input').fill('已填写');
    await preview().getByRole('button', { name: '校验预览' }).click();
    await expectToast('预览表单校验通过');
  });

  it('a new sort number moves the field to the top of the preview', async () => {
    const sort = page.getByLabel('排序 城市');
    await sort.click();
    await sort.press('ControlOrMeta+a');
    await sort.pressSequentially('0');
    await sort.press('Enter');
    await expectToast('字段顺序已保存');
    await expect.poll(async () => (await previewLabels())[0]).toBe('城市');
    expect(await previewLabels()).toEqual([
      '城市',
      ...FIELDS.slice(0, -1).map((field) => field.label),
    ]);
    await screenshot(page, 'designer-reordered');
  });

  it('导出契约 downloads the module’s contract fragment', async () => {
    await page.getByRole('button', { name: '返回后台设计' }).click();
    await page.waitForURL(/\/system\/module\/list$/);
    const row = page
      .locator('section.crud-page[aria-label="后台设计"]:visible tr')
      .filter({ hasText: MODULE.name });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: '导出契约' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('controldemo.yaml');
    const text = await readFile(await download.path(), 'utf8');
    expect(text).toContain('route: /deal/controldemo');
    expect(text).toContain('permissionKey: CONTROLDEMO');
    for (const field of FIELDS) expect(text).toContain(`        ${field.name}:\n`);
    await expectToast('已导出 controldemo.yaml');
  });

  it('打开 shows the designed module with 新增 at once: its keys came without signing in again', async () => {
    // Signed in before the module existed, and never since: its fields' saves brought its keys.
    const row = page
      .locator('section.crud-page[aria-label="后台设计"]:visible tr')
      .filter({ hasText: MODULE.name });
    await row.getByRole('button', { name: '打开' }).click();
    await page.waitForURL(/\/deal\/common\/list\?module=controldemo$/);
    await page
      .locator('.crud-page:visible')
      .getByRole('button', { name: '新增', exact: true })
      .waitFor();
    await screenshot(page, 'designer-open-designed-module');
  });

  it('前台设计 previews a call with only the ticked fields', async () => {
    await page.goto(`${baseUrl()}/system/moduleapi/list`);
    const designer = page.getByRole('region', { name: '前台设计' });
    await designer.locator('.p-dropdown').first().click();
    await page.getByRole('option', { name: `${MODULE.title}（${MODULE.name}）` }).click();
    await designer.getByText('单行文本（text_one）').waitFor();
    const shape = designer.getByRole('region', { name: '应答结构预览' });
    await expect.poll(() => shape.innerText()).toContain('"text_one": "单行文本"');
    await designer.getByText('口令（secret）').click();
    await expect.poll(() => shape.innerText()).not.toContain('"secret"');
    await designer.getByRole('button', { name: '保存接口字段' }).click();
    await expectToast('列表接口的字段已保存');
    await page
      .locator('section.crud-page[aria-label="前台设计"] tr', { hasText: '控件演示列表' })
      .waitFor();
    await screenshot(page, 'designer-front-api');
  });
});
