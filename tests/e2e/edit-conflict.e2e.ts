/**
 * Two administrators edit the same notice in two tabs (real Chromium, one browser, two pages):
 * B renames it and saves; A, who opened it before, changes only 排序 and saves — A is asked
 * 该记录已被他人修改 with what changed, nothing is written until A chooses, 继续编辑 keeps A's
 * form as typed, and 覆盖保存 writes A's values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { animationsSettled, baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { callApi } from './support/designed-module';
import { signIn } from './support/session';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const NOTICE = '关于系统升级维护的通知';

const rowWith = (page: Page, text: string): Locator =>
  page.locator('.crud-page .p-datatable-tbody tr', { hasText: text });

/** 公告管理's edit dialog of NOTICE; a second tab of the same browser opens signed in (spec §2). */
async function openNoticeEditor(page: Page, signedIn = false): Promise<Locator> {
  await page.goto(`${baseUrl()}/system/notice`);
  if (!signedIn) await signIn(page, 'admin');
  await page.waitForURL(/\/system\/notice$/);
  await rowWith(page, NOTICE).first().getByRole('button', { name: '编辑' }).click();
  const dialog = page.getByRole('dialog', { name: '编辑 - 公告管理' });
  await expect.poll(() => dialog.getByLabel('公告标题').inputValue()).toContain(NOTICE);
  return dialog;
}

async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('.p-toast-message', { hasText: text }).first().waitFor();
}

interface Notice {
  id: number;
  notice_title: string;
  sort: number;
}

describe('two administrators, one notice', () => {
  it('asks before overwriting, writes nothing until asked, and overwrites on 覆盖保存', async () => {
    const { context, page: a } = await newPage(browser);
    const formA = await openNoticeEditor(a);
    const original = await formA.getByLabel('公告标题').inputValue();

    const b = await context.newPage();
    const formB = await openNoticeEditor(b, true);
    await formB.getByLabel('公告标题').fill('B 改过的标题');
    await formB.getByRole('button', { name: '提交' }).click();
    await expectToast(b, '修改成功');

    await formA.getByLabel('排序').fill('42');
    await formA.getByRole('button', { name: '提交' }).click();
    const question = a.getByRole('dialog', { name: '该记录已被他人修改' });
    await question.waitFor();
    const changed = question.getByRole('row', { name: /公告标题/ });
    await changed.getByText('B 改过的标题').waitFor();
    await animationsSettled(a);
    await screenshot(a, 'edit-conflict-question');

    const stored = async () => {
      const list = await callApi<{ data: Notice[] }>(
        a,
        '/api/adminnotice/list?pageindex=1&pagesize=50',
        undefined,
        'GET',
      );
      return list.data.data.find((row) => row.notice_title === 'B 改过的标题');
    };
    expect(await stored()).toMatchObject({ notice_title: 'B 改过的标题' });
    expect((await stored())?.sort).not.toBe(42);

    await question.getByRole('button', { name: '继续编辑' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await formA.getByLabel('排序').inputValue()).toBe('42');
    expect((await stored())?.sort).not.toBe(42);

    await formA.getByRole('button', { name: '提交' }).click();
    await question.getByRole('button', { name: '覆盖保存' }).click();
    await expectToast(a, '修改成功');
    await rowWith(a, original).first().waitFor();
    expect(await stored()).toBeUndefined();
    await context.close();
  });
});
