/**
 * Word import (spec sections 5 and 8): only .doc / .docx; a real .docx is converted in the
 * browser by mammoth; a .doc goes to /api/tool/inportfile/; failures say 导入失败：{reason}.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureRequest } from '@/lib/request';
import { htmlToText, importWord, wordFileProblem } from '@/components/upload/word-import';
import { buildDocx } from './docx';

vi.mock('@/lib/session', () => ({
  getToken: () => 'tok-word',
  getUsername: () => 'admin',
  clearSession: () => undefined,
}));

beforeAll(() => configureRequest({ baseUrl: 'http://localhost' }));
afterEach(() => vi.unstubAllGlobals());

const docxFile = async (paragraphs: string[], name = '总结.docx') =>
  new File([await buildDocx(paragraphs)], name);

/** The first bytes of an OLE2 compound file: what a real .doc starts with. */
const OLE2 = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const docFile = (name: string) => new File([OLE2, 'DOC'], name);
const NOT_WORD = '该文件不是 Word 文档（内容与 .doc / .docx 格式不符），请选择真正的 Word 文档';

describe('Word import', () => {
  it.each(['a.pdf', 'a.txt', 'docx', 'a.docx.zip'])('refuses %s', async (name) => {
    expect(wordFileProblem(name)).toBe('请选择 Word 文档（.doc 或 .docx）');
    expect(await importWord(new File(['x'], name), 'text')).toEqual({
      ok: false,
      message: '请选择 Word 文档（.doc 或 .docx）',
    });
  });

  it('converts a .docx in the browser: text for a textarea, HTML on request', async () => {
    const file = await docxFile(['第一段：年度总结', '第二段：<明年计划> & 预算']);
    expect(await importWord(file, 'text')).toEqual({
      ok: true,
      content: '第一段：年度总结\n第二段：<明年计划> & 预算',
    });
    expect(await importWord(file, 'html')).toEqual({
      ok: true,
      content: '<p>第一段：年度总结</p><p>第二段：&lt;明年计划&gt; &amp; 预算</p>',
    });
  });

  it('knows a Word document by its content: a renamed text file is refused, nothing is sent', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    for (const name of ['说明.doc', '说明.docx'])
      expect(await importWord(new File(['只是一段文字'], name), 'text')).toEqual({
        ok: false,
        message: NOT_WORD,
      });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says why a broken .docx failed', async () => {
    const result = await importWord(new File(['PK\x03\x04not a zip'], '坏文件.docx'), 'text');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/^导入失败：.+/);
  });

  it('sends a .doc to /api/tool/inportfile/ and takes the converted content', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json({
        status: 200,
        msg: '上传成功',
        data: { address: '/storage/mock/3', content: '<p>旧版文档</p><p>第二行</p>' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await importWord(docFile('旧版.doc'), 'text')).toEqual({
      ok: true,
      content: '旧版文档\n第二行',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://localhost/api/tool/inportfile/');
    expect((init.headers as Record<string, string>).accesstoken).toBe('tok-word');
    expect(((init.body as FormData).get('file') as File).name).toBe('旧版.doc');
  });

  it('shows the server’s reason when it refuses a .doc', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ status: 201, msg: '文档已加密' }));
    expect(await importWord(docFile('加密.doc'), 'text')).toEqual({
      ok: false,
      message: '导入失败：文档已加密',
    });
  });

  it('reads HTML as lines of text', () => {
    expect(htmlToText('<h1>标题</h1><p>一</p><ul><li>甲</li><li>乙</li></ul>')).toBe(
      '标题\n一\n甲\n乙',
    );
  });
});
