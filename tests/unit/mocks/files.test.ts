// @vitest-environment node
/**
 * Uploads keep the file and serve it back safely; chunked uploads assemble; the editor's server
 * side (configuration as JSON only, uploads, scrawl, remote image capture).
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished } from 'vitest';
import { server } from '@/mocks/node';
import { installRemoteFetch, plainRemoteFetch } from '@/mocks/remote-fetch';
import { call, send, signIn, withMockServer } from './harness';

withMockServer();

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (...rest: number[]) => new Uint8Array([...PNG_SIGNATURE, ...rest]);
const WRONG_IMAGE = '文件格式不正确，请上传png/jpg/jpeg/gif/webp格式!';
const WRONG_FILE =
  '文件格式不正确，请上传png/jpg/jpeg/gif/webp/pdf/doc/docx/xls/xlsx/ppt/pptx/txt/zip/rar/mp4格式!';
const SANDBOX = "sandbox; default-src 'none'";

interface Uploaded {
  address: string;
  att_id: number;
  original_name: string;
}

function form(fields: Record<string, string | Blob>, fileName = 'file.bin'): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Blob) data.append(key, value, fileName);
    else data.append(key, value);
  }
  return data;
}

describe('uploads', () => {
  it.each([
    ['/api/tool/uploadimg/', 'logo.png', png(1, 2, 3, 250), 'image/png', 2],
    [
      '/api/tool/uploadfile/',
      '手册.pdf',
      new TextEncoder().encode('%PDF-1.4\n%%EOF'),
      'application/pdf',
      1,
    ],
    [
      '/api/tool/uploadmedia',
      '宣传片.mp4',
      new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]),
      'video/mp4',
      3,
    ],
  ])(
    '%s keeps %s, serves it at the answered address with the type of its bytes and files an attachment',
    async (path, name, bytes, mime, type) => {
      const token = await signIn();
      const answer = await call<Uploaded>('POST', path, {
        token,
        body: form(
          {
            // The claimed type is not believed: the bytes decide.
            file: new Blob([bytes], { type: 'text/html' }),
            type: 'image',
            attachment_cate_id: '2',
          },
          name,
        ),
      });
      expect(answer).toMatchObject({ status: 200, data: { original_name: name } });
      expect(answer.data.address).toMatch(/^\/storage\/mock\/\d+$/);
      const served = await send('GET', answer.data.address);
      expect(served.headers.get('content-type')).toBe(mime);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-security-policy')).toBe(SANDBOX);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
      const library = await call<{ data: Record<string, unknown>[] }>(
        'GET',
        '/api/attachment/list',
        { token, query: { cate_id: 2 } },
      );
      expect(library.data.data[0]).toMatchObject({
        att_id: answer.data.att_id,
        att_title: name,
        att_url: answer.data.address,
        type,
        attachment_cate_id: 2,
      });
    },
  );

  it('a raster image or a PDF is shown in place; anything else is a download with a safe name', async () => {
    const token = await signIn();
    const upload = async (path: string, name: string, bytes: Uint8Array<ArrayBuffer>) =>
      (
        await call<Uploaded>('POST', path, {
          token,
          body: form({ file: new Blob([bytes]) }, name),
        })
      ).data.address;
    const image = await send('GET', await upload('/api/tool/uploadimg/', '图.png', png()));
    expect(image.headers.get('content-disposition')).toBeNull();
    const text = await send(
      'GET',
      await upload(
        '/api/tool/uploadfile/',
        '会议 "纪要".txt',
        new TextEncoder().encode('会议纪要'),
      ),
    );
    expect(text.headers.get('content-type')).toBe('text/plain');
    expect(text.headers.get('content-disposition')).toBe(
      "attachment; filename=file.txt; filename*=UTF-8''%E4%BC%9A%E8%AE%AE%20%22%E7%BA%AA%E8%A6%81%22.txt",
    );
  });

  it.each([
    ['/api/tool/uploadimg/', WRONG_IMAGE],
    ['/api/tool/uploadfile/', WRONG_FILE],
    ['/api/tool/uploadmedia', '文件格式不正确，请上传mp4/webm/ogg/mov格式!'],
    ['/api/tool/inportfile/', '文件格式不正确，请上传doc/docx格式!'],
  ])(
    '%s refuses a page named banner.png, an SVG, a renamed file and .html',
    async (path, message) => {
      const token = await signIn();
      const page = '<!doctype html><script>alert(document.domain)</script>';
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>';
      for (const [name, content, type] of [
        ['banner.png', page, 'image/png'],
        ['banner.png', page, 'text/html'],
        ['logo.svg', svg, 'image/svg+xml'],
        ['photo.png', svg, 'image/png'],
        ['page.html', page, 'text/html'],
        ['说明.docx', '%PDF-1.4', 'application/pdf'],
      ] as const) {
        const answer = await call('POST', path, {
          token,
          body: form({ file: new Blob([content], { type }) }, name),
        });
        expect([name, answer]).toEqual([name, { status: 201, msg: message, data: null }]);
      }
    },
  );

  it('deleting the last attachment of an upload frees its bytes; a shared file stays', async () => {
    const token = await signIn();
    const upload = (name: string) =>
      call<Uploaded>('POST', '/api/tool/uploadfile/', {
        token,
        body: form({ file: new Blob(['一二三'], { type: 'text/plain' }) }, name),
      });
    const only = await upload('only.txt');
    const shared = await upload('shared.txt');
    // A second attachment pointing at the same address (a network attachment of it).
    const copy = await call<{ att_id: number }>('POST', '/api/attachment/add', {
      token,
      body: { att_title: '副本', att_url: shared.data.address, att_storage: 5 },
    });
    expect(copy.status).toBe(200);
    const deleted = await call('POST', '/api/attachment/delete', {
      token,
      body: [only.data.att_id, shared.data.att_id],
    });
    expect(deleted).toMatchObject({ status: 200, msg: '删除成功' });
    expect((await send('GET', only.data.address)).status).toBe(404);
    expect((await send('GET', shared.data.address)).status).toBe(200);
  });

  it('files uploaded at the same moment each keep their own address and bytes', async () => {
    const token = await signIn();
    const files = [1, 2, 3, 4].map((n) => png(n, n, n));
    const answers = await Promise.all(
      files.map((bytes, index) =>
        call<Uploaded>('POST', '/api/tool/uploadimg/', {
          token,
          body: form({ file: new Blob([bytes], { type: 'image/png' }) }, `p${index}.png`),
        }),
      ),
    );
    const addresses = answers.map((answer) => answer.data.address);
    expect(new Set(addresses).size).toBe(4);
    for (const [index, address] of addresses.entries()) {
      const served = await send('GET', address);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(files[index]);
    }
  });

  it('an upload without a file is refused', async () => {
    const token = await signIn();
    expect(
      await call('POST', '/api/tool/uploadimg/', { token, body: form({ type: 'image' }) }),
    ).toMatchObject({ status: 201, msg: '请选择要上传的文件' });
  });

  it('uploadslice accepts chunks with status 1 and completes with status 200 and the assembled file', async () => {
    const token = await signIn();
    const parts = ['第一块', '第二块', '末块'];
    const answers = [];
    // Chunks may arrive out of order; the server assembles by chunk_index.
    for (const index of [2, 1, 3]) {
      answers.push(
        await call<Uploaded & { resource_temp_path: string }>('POST', '/api/tool/uploadslice', {
          token,
          body: form({
            resource_chunk: new Blob([parts[index - 1] ?? '']),
            chunk_total: '3',
            chunk_index: String(index),
            resource_temp_basename: 'abc123',
            resource_temp_path: '',
            resource_type: 'txt',
            resource_name: '说明.txt',
            accessToken: token,
            ac_id: '4',
          }),
        }),
      );
    }
    expect(answers.map((answer) => answer.status)).toEqual([1, 1, 200]);
    const done = answers[2]?.data;
    expect(done).toMatchObject({ original_name: '说明.txt' });
    const served = await send('GET', done?.address ?? '');
    expect(await served.text()).toBe('第一块第二块末块');
  });

  it('getaliyunoss answers a complete (fake) credential naming the mock as the endpoint', async () => {
    const token = await signIn();
    const answer = await call<Record<string, string>>('POST', '/api/tool/getaliyunoss', { token });
    expect(Object.keys(answer.data).sort()).toEqual([
      'accessKeyId',
      'accessKeySecret',
      'bucket',
      'endpoint',
      'img_path',
      'region',
      'securityToken',
    ]);
    expect(Object.values(answer.data).every((value) => value.length > 0)).toBe(true);
  });

  it('uploadslice refuses a name outside the file list at its first chunk, and renamed content once whole', async () => {
    const token = await signIn();
    const chunk = (name: string, content: string, basename: string) =>
      call('POST', '/api/tool/uploadslice', {
        token,
        body: form({
          resource_chunk: new Blob([content]),
          chunk_total: '1',
          chunk_index: '1',
          resource_temp_basename: basename,
          resource_name: name,
        }),
      });
    const page = '<html><script>alert(1)</script></html>';
    for (const [name, basename] of [
      ['页面.html', 's1'],
      ['banner.png', 's2'],
      ['说明.txt', 's3'],
    ] as const)
      expect(await chunk(name, page, basename)).toEqual({
        status: 201,
        msg: WRONG_FILE,
        data: null,
      });
  });

  it('inportfile keeps a Word document and answers its address', async () => {
    const token = await signIn();
    const docx = new Uint8Array([0x50, 0x4b, 3, 4, 20, 0, 0, 0]);
    const answer = await call<{ address: string; content: string }>(
      'POST',
      '/api/tool/inportfile/',
      {
        token,
        body: form({ file: new Blob([docx]) }, '年度报告.docx'),
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.data.content).toContain('年度报告.docx');
    expect(new Uint8Array(await (await send('GET', answer.data.address)).arrayBuffer())).toEqual(
      docx,
    );
  });
});

describe('editor server (/ueditor/ue)', () => {
  it('config is JSON with nosniff; a JSONP callback is ignored (no script on the app’s origin)', async () => {
    for (const callback of ['cb_1', 'alert', 'alert.call', 'x);alert(1)//']) {
      const answer = await send('GET', '/ueditor/ue', { query: { action: 'config', callback } });
      expect(answer.headers.get('content-type')).toContain('application/json');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      const text = await answer.text();
      expect(text).toMatch(/^\{"imageActionName":"uploadimage"/);
      expect(text).not.toContain(callback);
    }
  });

  it('the configuration lists exactly what the uploads keep', async () => {
    const config = (await (
      await send('GET', '/ueditor/ue', { query: { action: 'config' } })
    ).json()) as Record<string, string[]>;
    expect(config.imageAllowFiles).toEqual(['.png', '.jpg', '.jpeg', '.gif', '.webp']);
    expect(config.catcherAllowFiles).toEqual(config.imageAllowFiles);
    expect(config.videoAllowFiles).toEqual(['.mp4', '.webm', '.ogg', '.mov']);
    expect(config.fileAllowFiles).not.toContain('.html');
  });

  it('uploads answer state SUCCESS with url, title and original; wrong content is refused', async () => {
    const token = await signIn();
    const upload = (action: string, name: string, content: BlobPart) =>
      call<never>('POST', `/ueditor/ue?action=${action}&access-token=${token}`, {
        body: form({ upfile: new Blob([content]), type: 'ajax' }, name),
      });
    expect(
      await upload('uploadimage', 'photo.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0])),
    ).toMatchObject({
      state: 'SUCCESS',
      title: 'photo.jpg',
      original: 'photo.jpg',
    });
    const page = '<html><script>alert(1)</script></html>';
    expect(await upload('uploadimage', 'banner.png', page)).toEqual({ state: WRONG_IMAGE });
    expect(await upload('uploadfile', 'page.html', page)).toEqual({ state: WRONG_FILE });
    expect(await upload('uploadfile', 'page.txt', page)).toEqual({ state: WRONG_FILE });
    expect(await upload('uploadvideo', 'film.mp4', page)).toEqual({
      state: '文件格式不正确，请上传mp4/webm/ogg/mov格式!',
    });
    const unknown = await call<never>('POST', '/ueditor/ue?action=nope', { token });
    expect(unknown).toEqual({ state: '请求地址出错' });
  });

  it('a scrawl is kept only when its base64 is a raster image', async () => {
    const token = await signIn();
    const scrawl = (upfile: string) =>
      call<{ state: string; url?: string }>('POST', '/ueditor/ue?action=uploadscrawl', {
        token,
        body: form({ upfile }),
      });
    const drawn = await scrawl(Buffer.from(png(1, 2)).toString('base64'));
    expect(drawn).toMatchObject({
      state: 'SUCCESS',
      url: expect.stringMatching(/^\/storage\/mock\/\d+$/),
    });
    const page = Buffer.from('<svg onload="alert(1)"/>').toString('base64');
    expect(await scrawl(page)).toEqual({ state: WRONG_IMAGE });
    expect(await scrawl('%%% not base64 %%%')).toEqual({ state: WRONG_IMAGE });
  });

  it('remote images are captured and answered with their own address; others say why', async () => {
    // As `mock-server --allow-private-fetch` runs it: each failure says why (issue 49 case 8).
    onTestFinished(installRemoteFetch(plainRemoteFetch(true)));
    const token = await signIn();
    const image = png(9, 9, 9);
    server.use(
      http.get('https://img.example.com/a.png', () => HttpResponse.arrayBuffer(image.buffer)),
      http.get('https://img.example.com/page', () =>
        HttpResponse.html('<script>alert(1)</script>'),
      ),
      http.get('https://img.example.com/gone.png', () => new HttpResponse(null, { status: 404 })),
    );
    const sources = [
      'https://img.example.com/a.png',
      'https://img.example.com/page',
      'https://img.example.com/gone.png',
      'javascript:alert(1)',
      '/relative.png',
    ];
    const body = new URLSearchParams();
    for (const source of sources) body.append('source[]', source);
    const answer = (await (
      await fetch('http://localhost/ueditor/ue?action=catchimage', {
        method: 'POST',
        headers: { 'access-token': token, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      })
    ).json()) as { state: string; list: { source: string; state: string; url?: string }[] };
    expect(answer.state).toBe('SUCCESS');
    expect(answer.list).toEqual([
      {
        source: sources[0],
        state: 'SUCCESS',
        url: expect.stringMatching(/^\/storage\/mock\/\d+$/),
      },
      { source: sources[1], state: '远程地址的内容不是png/jpg/jpeg/gif/webp格式的图片' },
      { source: sources[2], state: '远程图片下载失败' },
      { source: sources[3], state: '图片地址不正确，只能抓取 http 或 https 地址' },
      { source: sources[4], state: '图片地址不正确，只能抓取 http 或 https 地址' },
    ]);
    const kept = await send('GET', answer.list[0]?.url ?? '');
    expect(kept.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await kept.arrayBuffer())).toEqual(image);
    const library = await call<{ data: { att_title: string; att_url: string }[] }>(
      'GET',
      '/api/attachment/list',
      { token, query: { keyword: 'a.png' } },
    );
    expect(library.data.data[0]).toMatchObject({
      att_title: 'a.png',
      att_url: answer.list[0]?.url,
    });
  });
});
