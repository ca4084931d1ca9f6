/**
 * The rest of the rich-text editor's tools in real Chromium, on 公告管理's 新增 dialog, used as a
 * person would (the toolbar's buttons and menus by their Chinese names): lists, alignments,
 * spacing and line height, font family and size, font border and background colour; undo and
 * redo; a code block, a page break, videos and an anchor; emoticons, special characters and a
 * template; the word count and its limit; a chart from a table; a pasted image file uploaded
 * through /ueditor/ue; remote image capture and the word-image hint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium, screenshot } from './support/browser';
import {
  editorHtml,
  editorOf,
  openForm,
  openNotices,
  paragraphs,
  pickMenu,
  selectText,
  submitForm,
  tool,
} from './support/editor';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** Puts the caret at the end of the block holding `text`. */
async function caretAfter(dialog: Locator, text: string) {
  const block = editorOf(dialog).locator('[contenteditable="true"]', { hasText: text }).first();
  await block.click();
  await block.press('End');
}

/**
 * A block's layout as the page draws it: alignment and line height as its text inherits them,
 * margins from the tune wrapper around it.
 */
function blockStyle(editor: Locator, text: string) {
  return editor
    .locator('[contenteditable="true"]', { hasText: text })
    .first()
    .evaluate((el) => {
      const style = getComputedStyle(el);
      let wrapper: HTMLElement | null = el as HTMLElement;
      while (wrapper && !wrapper.style.marginTop && !wrapper.classList.contains('ce-block'))
        wrapper = wrapper.parentElement;
      const outer = wrapper ? getComputedStyle(wrapper) : style;
      return {
        textAlign: style.textAlign,
        marginTop: outer.marginTop,
        marginBottom: outer.marginBottom,
        lineHeight: style.lineHeight,
        fontSize: style.fontSize,
      };
    });
}

/**
 * Enter until the editor has `count` paragraphs — at most three presses, as a person presses
 * again when a key did nothing: on a loaded machine Editor.js now and then drops an Enter that
 * arrives while it is still handling the text typed just before (seen once in a full CI run).
 */
async function newParagraph(page: Page, dialog: Locator, count: number) {
  for (let press = 0; press < 3 && (await paragraphs(dialog).count()) < count; press += 1) {
    await page.keyboard.press('Enter');
    try {
      await expect.poll(() => paragraphs(dialog).count(), { timeout: 2000 }).toBe(count);
    } catch {
      // Not split yet: pressed again (the loop), or reported below.
    }
  }
  expect(await paragraphs(dialog).count()).toBe(count);
}

/** Saves a new notice titled `title` and opens it again for editing. */
async function saveAndReopen(page: Page, dialog: Locator, title: string): Promise<Locator> {
  await dialog.getByLabel('公告标题').fill(title);
  await submitForm(page, dialog);
  return openForm(page, '编辑', title);
}

/** Pastes into the focused editor block as the clipboard would. */
async function paste(block: Locator, content: { html?: string; text?: string; png?: boolean }) {
  await block.evaluate(async (el, given) => {
    const data = new DataTransfer();
    if (given.html) data.setData('text/html', given.html);
    if (given.text) data.setData('text/plain', given.text);
    if (given.png) {
      const canvas = document.createElement('canvas');
      canvas.width = 40;
      canvas.height = 30;
      const context = canvas.getContext('2d');
      if (context) {
        context.fillStyle = '#c00000';
        context.fillRect(0, 0, 40, 30);
      }
      const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/png'));
      if (blob) data.items.add(new File([blob], '截图.png', { type: 'image/png' }));
    }
    el.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, content);
}

describe('rich-text editor tools on 公告管理', () => {
  it('lists, alignments, spacing, line height, fonts, font border and background colour survive save and reopen', async () => {
    const page = await openNotices(browser);
    const dialog = await openForm(page, '新增');
    await screenshot(page, 'editor-tools-toolbar');
    const lines = [
      '有序条目',
      '无序条目',
      '居左段落',
      '居中段落',
      '居右段落',
      '两端段落',
      '间距段落',
      '字体 字号 边框 底色',
    ];
    await paragraphs(dialog).first().click();
    for (const [i, line] of lines.entries()) {
      if (i > 0) await newParagraph(page, dialog, i + 1);
      await page.keyboard.type(line);
    }
    await expect.poll(() => paragraphs(dialog).count()).toBe(lines.length);

    await caretAfter(dialog, '有序条目');
    await tool(dialog, '有序列表').click();
    await caretAfter(dialog, '无序条目');
    await tool(dialog, '无序列表').click();
    for (const [text, name] of [
      ['居左段落', '居左对齐'],
      ['居中段落', '居中对齐'],
      ['居右段落', '居右对齐'],
      ['两端段落', '两端对齐'],
    ] as const) {
      await caretAfter(dialog, text);
      await tool(dialog, name).click();
    }
    await caretAfter(dialog, '间距段落');
    await pickMenu(page, dialog, '段前距', '15px');
    await caretAfter(dialog, '间距段落');
    await pickMenu(page, dialog, '段后距', '25px');
    await caretAfter(dialog, '间距段落');
    await pickMenu(page, dialog, '行间距', '2');

    const styled = paragraphs(dialog).filter({ hasText: '底色' });
    await selectText(styled, '字体');
    await pickMenu(page, dialog, '字体', '黑体');
    await selectText(styled, '字号');
    await pickMenu(page, dialog, '字号', '24px');
    await selectText(styled, '边框');
    await tool(dialog, '字符边框').click();
    await selectText(styled, '底色');
    await tool(dialog, '背景色').click();
    await page.getByRole('button', { name: '#ffff00' }).click();
    await expect.poll(() => editorHtml(dialog)).toContain('background-color');
    await screenshot(page, 'editor-tools-formatted');

    const again = await saveAndReopen(page, dialog, '格式工具公告');
    const editor = editorOf(again);
    expect(await editor.locator('ol li').allTextContents()).toEqual(['有序条目']);
    expect(await editor.locator('ul li').allTextContents()).toEqual(['无序条目']);
    expect((await blockStyle(editor, '居左段落')).textAlign).toBe('left');
    expect((await blockStyle(editor, '居中段落')).textAlign).toBe('center');
    expect((await blockStyle(editor, '居右段落')).textAlign).toBe('right');
    expect((await blockStyle(editor, '两端段落')).textAlign).toBe('justify');
    const spaced = await blockStyle(editor, '间距段落');
    expect(spaced.marginTop).toBe('15px');
    expect(spaced.marginBottom).toBe('25px');
    expect(parseFloat(spaced.lineHeight)).toBe(2 * parseFloat(spaced.fontSize));

    const spanStyle = (text: string) =>
      editor
        .locator('span', { hasText: text })
        .last()
        .evaluate((el) => {
          const style = getComputedStyle(el);
          return {
            fontFamily: style.fontFamily,
            fontSize: style.fontSize,
            border: `${style.borderTopWidth} ${style.borderTopStyle}`,
            background: style.backgroundColor,
          };
        });
    expect((await spanStyle('字体')).fontFamily).toContain('黑体');
    expect((await spanStyle('字号')).fontSize).toBe('24px');
    expect((await spanStyle('边框')).border).toBe('1px solid');
    expect((await spanStyle('底色')).background).toBe('rgb(255, 255, 0)');
    await screenshot(page, 'editor-tools-formatted-reopened');
  });

  it('undo takes back the typing and redo brings it back', async () => {
    const page = await openNotices(browser);
    const dialog = await openForm(page, '新增');
    const first = paragraphs(dialog).first();
    await first.click();
    await page.keyboard.type('要撤销的一句话');
    await expect.poll(() => editorHtml(dialog)).toContain('要撤销的一句话');
    // One click is one step of the history (typing is recorded in steps, 20 kept).
    await expect
      .poll(async () => {
        await tool(dialog, '撤销').click();
        return paragraphs(dialog).allTextContents();
      })
      .toEqual(['']);
    await expect
      .poll(async () => {
        await tool(dialog, '重做').click();
        return paragraphs(dialog).allTextContents();
      })
      .toEqual(['要撤销的一句话']);
  });

  it('a code block with its language, a page break, videos and an anchor survive save and reopen', async () => {
    const page = await openNotices(browser);
    const dialog = await openForm(page, '新增');
    const first = paragraphs(dialog).first();
    await first.click();
    await page.keyboard.type('跳转目标段落');
    await selectText(first, '跳转目标');
    await tool(dialog, '锚点').click();
    const anchorDialog = page.getByRole('dialog', { name: '锚点' });
    await anchorDialog.getByLabel('锚点名称').fill('part one');
    await anchorDialog.getByRole('button', { name: '确认' }).click();
    await expect.poll(() => first.locator('a[name="part-one"]').count()).toBe(1);

    await caretAfter(dialog, '跳转目标段落');
    await tool(dialog, '分页').click();
    await editorOf(dialog).getByRole('separator', { name: '分页' }).waitFor();

    const insertVideo = async (url: string) => {
      await caretAfter(dialog, '跳转目标段落');
      await tool(dialog, '视频').click();
      const videoDialog = page.getByRole('dialog', { name: '视频' });
      await videoDialog.getByLabel('视频网址').fill(url);
      expect(await videoDialog.getByLabel('宽度').inputValue()).toBe('420');
      expect(await videoDialog.getByLabel('高度').inputValue()).toBe('280');
      await videoDialog.getByRole('button', { name: '确认' }).click();
      await videoDialog.waitFor({ state: 'hidden' });
    };
    await insertVideo('https://media.example.com/intro.mp4');
    await insertVideo('https://www.youtube.com/watch?v=abc123');
    await expect.poll(() => editorHtml(dialog)).toContain('youtube');

    await caretAfter(dialog, '跳转目标段落');
    await tool(dialog, '代码语言').click();
    const code = editorOf(dialog).locator('.re-code');
    await code.getByRole('combobox', { name: '代码语言' }).selectOption({ label: 'JavaScript' });
    await code.getByRole('textbox', { name: '代码' }).fill('if (a < b && c) {\n    run();\n}');

    const again = await saveAndReopen(page, dialog, '代码视频公告');
    const editor = editorOf(again);
    expect(await editor.locator('a[name="part-one"]', { hasText: '跳转目标' }).count()).toBe(1);
    const reopenedCode = editor.locator('.re-code');
    expect(await reopenedCode.getByRole('combobox', { name: '代码语言' }).inputValue()).toBe(
      'javascript',
    );
    expect(await reopenedCode.getByRole('textbox', { name: '代码' }).inputValue()).toBe(
      'if (a < b && c) {\n    run();\n}',
    );
    expect(await editor.getByRole('separator', { name: '分页' }).count()).toBe(1);
    const file = editor.locator('video[src="https://media.example.com/intro.mp4"]');
    expect(await file.getAttribute('width')).toBe('420');
    expect(await file.getAttribute('height')).toBe('280');
    const player = editor.locator('iframe[src="https://www.youtube.com/embed/abc123"]');
    expect(await player.getAttribute('width')).toBe('420');
    expect(await player.getAttribute('height')).toBe('280');
    expect(await player.getAttribute('sandbox')).toBeTruthy();
    await screenshot(page, 'editor-tools-media-reopened');
  });

  it('emoticons, special characters and a template insert their content', async () => {
    const page = await openNotices(browser);
    const dialog = await openForm(page, '新增');
    const first = paragraphs(dialog).first();
    await first.click();
    await page.keyboard.type('心情');
    await tool(dialog, '表情').click();
    const emoticons = page.getByRole('dialog', { name: '表情' });
    await emoticons.getByRole('button', { name: '😀', exact: true }).click();
    await emoticons.waitFor({ state: 'hidden' });
    await expect.poll(() => first.textContent()).toBe('心情😀');
    await page.keyboard.type('温度');
    await tool(dialog, '特殊字符').click();
    const chars = page.getByRole('dialog', { name: '特殊字符' });
    await chars.getByRole('button', { name: '℃', exact: true }).click();
    await chars.waitFor({ state: 'hidden' });
    await expect.poll(() => first.textContent()).toBe('心情😀温度℃');

    await tool(dialog, '模板').click();
    const templates = page.getByRole('dialog', { name: '模板' });
    await templates.getByRole('button', { name: '通知', exact: true }).click();
    await templates.waitFor({ state: 'hidden' });
    const editor = editorOf(dialog);
    await editor.getByRole('heading', { name: '通知' }).waitFor();

    const again = await saveAndReopen(page, dialog, '表情模板公告');
    const reopened = editorOf(again);
    expect(await paragraphs(again).first().textContent()).toBe('心情😀温度℃');
    expect((await blockStyle(reopened, '通知')).textAlign).toBe('center');
    expect(await reopened.locator('ol li').allTextContents()).toEqual(['事项一', '事项二']);
    expect((await blockStyle(reopened, '办公室')).textAlign).toBe('right');
  });

  it('on 公告管理 the word count is off, as the product setting wants', async () => {
    const page = await openNotices(browser);
    const dialog = await openForm(page, '新增');
    await paragraphs(dialog).first().click();
    await page.keyboard.type('字数统计 ok');
    await expect.poll(() => editorHtml(dialog)).toContain('字数统计 ok');
    expect(await dialog.getByText(/当前已输入|超出最大允许值/).count()).toBe(0);
  });

  it('a chart is made only from a table the rules accept, and survives save and reopen', async () => {
    const page = await openNotices(browser);
    const dialog = await openForm(page, '新增');
    await paragraphs(dialog).first().click();
    await page.keyboard.type('销量表');
    await tool(dialog, '插入表格').click();
    await page.getByRole('button', { name: '3列 × 3行' }).click();
    const table = editorOf(dialog).locator('.re-table');
    const values = [
      ['', '一月', '二月'],
      ['甲', '5', '7'],
      ['乙', '3', '-1'],
    ];
    for (const [r, row] of values.entries()) {
      for (const [c, text] of row.entries()) {
        if (!text) continue;
        await table.getByRole('cell', { name: `第 ${r + 1} 行第 ${c + 1} 列` }).click();
        await page.keyboard.type(text);
      }
    }
    await table.getByRole('button', { name: '标题行' }).click();
    await table.getByRole('button', { name: '标题列' }).click();
    await table.getByRole('button', { name: '图表' }).click();
    const chartDialog = page.getByRole('dialog', { name: '图表' });
    // -1 is not a non-negative number.
    await chartDialog.getByRole('alert').filter({ hasText: '该表格不能生成图表' }).waitFor();
    expect(await chartDialog.getByRole('button', { name: '确认' }).isDisabled()).toBe(true);
    await chartDialog.getByRole('button', { name: '取消' }).click();
    await chartDialog.waitFor({ state: 'hidden' });

    const last = table.getByRole('cell', { name: '第 3 行第 3 列' });
    await last.click();
    await last.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('4');
    await table.getByRole('button', { name: '图表' }).click();
    await chartDialog.getByLabel('折线图').check();
    await chartDialog.getByLabel('图表标题').fill('季度销量');
    await chartDialog.getByRole('button', { name: '确认' }).click();
    const chart = editorOf(dialog).getByRole('img', { name: '图表：季度销量' });
    await chart.waitFor();

    const again = await saveAndReopen(page, dialog, '图表公告');
    const reopened = editorOf(again).getByRole('img', { name: '图表：季度销量' });
    await reopened.waitFor();
    // chart.js drew on the canvas: some pixels are not transparent.
    await expect
      .poll(() =>
        reopened.evaluate((canvas) => {
          const context = (canvas as HTMLCanvasElement).getContext('2d');
          const pixels = context?.getImageData(0, 0, 480, 280).data ?? [];
          return Array.from(pixels).some((value, i) => i % 4 === 3 && value > 0);
        }),
      )
      .toBe(true);
    expect(await editorOf(again).locator('.re-table th').count()).toBe(5);
    await screenshot(page, 'editor-tools-chart-reopened');
  });

  it('a pasted image file is uploaded through /ueditor/ue and shown, also after reopening', async () => {
    const page = await openNotices(browser);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/ueditor/ue') && request.method() === 'POST')
        uploads.push(new URL(request.url()).searchParams.get('action') ?? '');
    });
    const dialog = await openForm(page, '新增');
    const first = paragraphs(dialog).first();
    await first.click();
    await page.keyboard.type('粘贴截图');
    await paste(first, { png: true });
    const image = editorOf(dialog).locator('.re-image img');
    await image.waitFor();
    expect(uploads).toEqual(['uploadimage']);
    const src = await image.getAttribute('src');
    expect(src).toMatch(/^\/storage\/mock\//);
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(40);

    const again = await saveAndReopen(page, dialog, '粘贴图片公告');
    const reopened = editorOf(again).locator('.re-image img');
    expect(await reopened.getAttribute('src')).toBe(src);
    await expect
      .poll(() => reopened.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(40);
  });

  it('a pasted foreign image is captured to the own server; a pasted Word image gives the hint', async () => {
    const page = await openNotices(browser);
    const captured: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('action=catchimage'))
        captured.push(...new URLSearchParams(request.postData() ?? '').getAll('source[]'));
    });
    // The address cannot be reached from here, whatever the mock makes of it; the server
    // answers as one that copied it would, with a copy on the own server.
    await page.evaluate(() => {
      const original = window.fetch.bind(window);
      window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        const url =
          typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        const response = await original(input, init);
        if (!url.includes('action=catchimage')) return response;
        const answer = (await response.json()) as { list: { state: string; url: string }[] };
        answer.list.forEach((entry) => {
          entry.state = 'SUCCESS';
          entry.url = '/storage/logo.png';
        });
        return Response.json(answer);
      };
    });
    const dialog = await openForm(page, '新增');
    const first = paragraphs(dialog).first();
    await first.click();
    await paste(first, {
      html: '<p>外部图片</p><img src="https://images.example.net/pic.png" alt="外部">',
      text: '外部图片',
    });
    const image = editorOf(dialog).locator('.re-image img');
    await expect.poll(() => image.getAttribute('src')).toBe('/storage/logo.png');
    expect(captured).toEqual(['https://images.example.net/pic.png']);
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);

    await paste(first, {
      html: '<p>来自 Word</p><img src="file:///C:/Users/me/AppData/Local/Temp/msohtmlclip1/01/clip_image002.png">',
      text: '来自 Word',
    });
    await page
      .locator('.p-toast-message', { hasText: '有本地图片未上传，请用“单图上传”逐一上传后再保存' })
      .first()
      .waitFor();
    // The local file is left out (the browser cannot read it); the text came in.
    await editorOf(dialog).getByText('来自 Word').waitFor();
    expect(await editorOf(dialog).locator('img[src^="file:"]').count()).toBe(0);
    // The button the hint names is there.
    expect(await tool(dialog, '单图上传').isVisible()).toBe(true);
  });
});
