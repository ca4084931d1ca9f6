// @vitest-environment node
/**
 * "Nothing anyone uploads runs anywhere", against the real HTTP mock server (`cli mock-server`)
 * on loopback: every upload call refuses a page (named .html, or renamed banner.png, sent as
 * text/html), an SVG with script and renamed files, with the spec's format message; every
 * /storage answer carries nosniff and the sandbox policy, with the type of the bytes and, for
 * what is not an image or a PDF, as a download; the editor's configuration is never a script;
 * remote image capture, pointed at a loopback server of this test, keeps only images and gives
 * every other address (a page, a huge body, a slow answer, too many redirects, nonsense) its
 * own state, and the server keeps serving.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRecord } from '@/core/guards';
import { startMockServer, type RunningMockServer } from '@/mocks/http-server';
import { keepBytes } from '@/mocks/file-bytes';
import { resetMockDatabase } from '@/mocks/reset';
import { signInOverHttp } from '../support/http-mock';

interface Envelope<T = unknown> {
  status: number;
  msg: string;
  data: T;
}
interface Capture {
  source: string;
  state: string;
  url?: string;
}
interface CatchAnswer {
  state: string;
  list: Capture[];
}

const MB = 1024 * 1024;
const SANDBOX = "sandbox; default-src 'none'";
const WRONG = {
  image: '文件格式不正确，请上传png/jpg/jpeg/gif/webp格式!',
  file: '文件格式不正确，请上传png/jpg/jpeg/gif/webp/pdf/doc/docx/xls/xlsx/ppt/pptx/txt/zip/rar/mp4格式!',
  media: '文件格式不正确，请上传mp4/webm/ogg/mov格式!',
  word: '文件格式不正确，请上传doc/docx格式!',
};
const PAGE = '<!doctype html><html><body><script>parent.stolen = sessionStorage.token</script>';
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script></svg>';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2]);

let server: RunningMockServer;
let remote: Server;
let remoteUrl: string;
let token: string;

/** The "internet" remote capture reaches: one loopback server with every kind of answer. */
function startRemote(): Promise<Server> {
  const send = (response: ServerResponse, type: string, body: string | Uint8Array) => {
    response.writeHead(200, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
    response.end(body);
  };
  const remoteServer = createServer((request, response) => {
    // A client that stops reading (the capture refusing a huge body) is not this server's error.
    response.on('error', () => undefined);
    const url = new URL(request.url ?? '/', 'http://remote');
    const redirect = /^\/redirect\/(\d+)$/.exec(url.pathname);
    if (redirect) {
      const left = Number(redirect[1]);
      response.writeHead(302, { Location: left > 0 ? `/redirect/${left - 1}` : '/image.png' });
      response.end();
      return;
    }
    switch (url.pathname) {
      case '/image.png':
      case '/photos/%E5%9B%BE.webp':
        return send(response, 'image/png', PNG);
      case '/disguised.png':
        return send(response, 'image/png', PAGE);
      case '/page':
        return send(response, 'text/html', PAGE);
      case '/logo.svg':
        return send(response, 'image/svg+xml', SVG);
      case '/huge-declared.png': {
        response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': 6 * MB });
        response.end(new Uint8Array(6 * MB));
        return;
      }
      case '/huge-streamed.png': {
        // No length: the capture must count and stop itself (8 MB at most are sent).
        response.writeHead(200, { 'Content-Type': 'image/png' });
        response.write(PNG);
        for (let sent = 0; sent < 8 * MB && !response.destroyed; sent += MB)
          response.write(new Uint8Array(MB));
        response.end();
        return;
      }
      case '/slow.png':
        // Headers and the first bytes, then nothing: the capture's time limit must end it.
        response.writeHead(200, { 'Content-Type': 'image/png' });
        response.write(PNG);
        return;
      case '/silent.png':
        // Not even headers.
        return;
      case '/to-file':
        response.writeHead(302, { Location: 'file:///etc/passwd' });
        response.end();
        return;
      default:
        response.writeHead(404);
        response.end();
    }
  });
  return new Promise((resolve) => remoteServer.listen(0, '127.0.0.1', () => resolve(remoteServer)));
}

beforeAll(async () => {
  resetMockDatabase();
  // The test's "internet" is on loopback: the capture may fetch it, and says why each failed.
  server = await startMockServer({ port: 0, host: '127.0.0.1', allowPrivateFetch: true });
  remote = await startRemote();
  remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  token = await signInOverHttp(server.url);
});
afterAll(async () => {
  remote.closeAllConnections();
  await new Promise((resolve) => remote.close(resolve));
  await server.close();
});

function formWith(field: string, content: BlobPart, name: string, type: string): FormData {
  const form = new FormData();
  form.append(field, new Blob([content], { type }), name);
  return form;
}

async function postForm<T>(path: string, form: FormData): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'access-token': token, accesstoken: token },
    body: form,
  });
  return (await response.json()) as T;
}

/** One upload of `content` named `name` to each call; the answer's message or state. */
const UPLOADS: {
  call: string;
  kind: keyof typeof WRONG;
  send: (content: BlobPart, name: string, type: string) => Promise<string>;
}[] = [
  ...(
    [
      ['/api/tool/uploadimg/', 'image'],
      ['/api/tool/uploadfile/', 'file'],
      ['/api/tool/uploadmedia', 'media'],
      ['/api/tool/inportfile/', 'word'],
    ] as const
  ).map(([path, kind]) => ({
    call: path,
    kind,
    send: async (content: BlobPart, name: string, type: string) =>
      (await postForm<Envelope>(path, formWith('file', content, name, type))).msg,
  })),
  {
    call: '/api/tool/uploadslice',
    kind: 'file',
    send: async (content, name, type) => {
      const form = formWith('resource_chunk', content, name, type);
      form.append('chunk_total', '1');
      form.append('chunk_index', '1');
      form.append('resource_temp_basename', `fault-${Math.random().toString(36).slice(2)}`);
      form.append('resource_name', name);
      return (await postForm<Envelope>('/api/tool/uploadslice', form)).msg;
    },
  },
  ...(
    [
      ['uploadimage', 'image'],
      ['uploadfile', 'file'],
      ['uploadvideo', 'media'],
    ] as const
  ).map(([action, kind]) => ({
    call: `/ueditor/ue?action=${action}`,
    kind,
    send: async (content: BlobPart, name: string, type: string) =>
      (
        await postForm<{ state: string }>(
          `/ueditor/ue?action=${action}`,
          formWith('upfile', content, name, type),
        )
      ).state,
  })),
];

describe('every upload call checks the bytes and the extension', () => {
  it.each(UPLOADS.map((upload) => [upload.call, upload] as const))(
    '%s refuses pages, SVG and renamed files with the format message',
    async (_call, upload) => {
      const hostile: [string, BlobPart, string][] = [
        ['banner.png', PAGE, 'text/html'],
        ['banner.png', PAGE, 'image/png'],
        ['page.html', PAGE, 'text/html'],
        ['page.htm', PAGE, 'text/html'],
        ['logo.svg', SVG, 'image/svg+xml'],
        ['logo.png', SVG, 'image/png'],
        ['app.js', 'alert(1)', 'text/javascript'],
        ['page.txt', `\ufeff\n  ${PAGE}`, 'text/plain'],
        ['photo.jpg', PNG, 'image/jpeg'],
        ['report.doc', new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]), 'application/msword'],
        ['film.mp4', new Uint8Array(64), 'video/mp4'],
      ];
      for (const [name, content, type] of hostile)
        expect([name, await upload.send(content, name, type)]).toEqual([name, WRONG[upload.kind]]);
    },
  );

  it('the editor’s scrawl refuses base64 that is not a raster image', async () => {
    const form = new FormData();
    form.append('upfile', Buffer.from(SVG).toString('base64'));
    expect(await postForm('/ueditor/ue?action=uploadscrawl', form)).toEqual({
      state: WRONG.image,
    });
  });

  it('cloud storage refuses a page and a renamed file, keeps a real one and serves it safely', async () => {
    const answer: unknown = await (
      await fetch(`${server.url}/api/tool/getaliyunoss`, {
        method: 'POST',
        headers: { 'access-token': token, 'content-type': 'application/json' },
        body: '{}',
      })
    ).json();
    const creds = (isRecord(answer) ? answer.data : undefined) as {
      accessKeyId: string;
      securityToken: string;
      img_path: string;
    };
    const auth = {
      authorization: `OSS ${creds.accessKeyId}:signature`,
      'x-oss-security-token': creds.securityToken,
    };
    const put = (name: string, body: BlobPart, type: string) =>
      fetch(`${server.url}/oss-mock/${creds.img_path}${name}`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': type },
        body: new Blob([body]),
      });
    for (const [name, body, type] of [
      ['page.html', PAGE, 'text/html'],
      ['banner.png', PAGE, 'image/png'],
      ['logo.svg', SVG, 'image/svg+xml'],
    ] as const) {
      const refused = await put(name, body, type);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(`<Message>${WRONG.file}</Message>`);
    }
    expect((await put('notes.txt', '会议纪要', 'text/html')).status).toBe(200);
    const served = await fetch(`${server.url}/oss-mock/${creds.img_path}notes.txt`, {
      headers: auth,
    });
    expect(served.headers.get('content-type')).toBe('text/plain');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe(SANDBOX);
    expect(served.headers.get('content-disposition')).toBe(
      "attachment; filename=notes.txt; filename*=UTF-8''notes.txt",
    );
  });
});

describe('every /storage answer is safe to open', () => {
  async function storageHeaders(path: string) {
    const answer = await fetch(`${server.url}${path}`);
    await answer.arrayBuffer();
    return {
      status: answer.status,
      type: answer.headers.get('content-type'),
      nosniff: answer.headers.get('x-content-type-options'),
      csp: answer.headers.get('content-security-policy'),
      disposition: answer.headers.get('content-disposition'),
    };
  }

  it('an uploaded image is shown in place; a text file is a download', async () => {
    const image = await postForm<Envelope<{ address: string }>>(
      '/api/tool/uploadimg/',
      formWith('file', PNG, 'banner.png', 'text/html'),
    );
    expect(await storageHeaders(image.data.address)).toEqual({
      status: 200,
      type: 'image/png',
      nosniff: 'nosniff',
      csp: SANDBOX,
      disposition: null,
    });
    const text = await postForm<Envelope<{ address: string }>>(
      '/api/tool/uploadfile/',
      formWith('file', '会议纪要 <b>不是网页</b>', '纪要.txt', 'text/html'),
    );
    expect(await storageHeaders(text.data.address)).toEqual({
      status: 200,
      type: 'text/plain',
      nosniff: 'nosniff',
      csp: SANDBOX,
      disposition: "attachment; filename=file.txt; filename*=UTF-8''%E7%BA%AA%E8%A6%81.txt",
    });
  });

  it('files kept before uploads were checked are served by their bytes, as downloads', async () => {
    const page = await keepBytes(new TextEncoder().encode(PAGE), '通知\u202Etxt.html', 'text/html');
    const svg = await keepBytes(new TextEncoder().encode(SVG), 'logo.svg', 'image/svg+xml');
    expect(await storageHeaders(`/storage/mock/${page}`)).toEqual({
      status: 200,
      type: 'application/octet-stream',
      nosniff: 'nosniff',
      csp: SANDBOX,
      disposition:
        "attachment; filename=txt_html.bin; filename*=UTF-8''%E9%80%9A%E7%9F%A5txt.html.bin",
    });
    expect(await storageHeaders(`/storage/mock/${svg}`)).toMatchObject({
      type: 'application/octet-stream',
      csp: SANDBOX,
      disposition: "attachment; filename=logo_svg.bin; filename*=UTF-8''logo.svg.bin",
    });
  });

  it('the seeded files and a missing file carry the same headers', async () => {
    expect(await storageHeaders('/storage/logo.png')).toMatchObject({
      status: 200,
      type: 'image/png',
      nosniff: 'nosniff',
      csp: SANDBOX,
    });
    expect(await storageHeaders('/storage/logo.svg')).toMatchObject({
      status: 200,
      type: 'image/svg+xml',
      nosniff: 'nosniff',
      csp: SANDBOX,
    });
    expect(await storageHeaders('/storage/mock/987654')).toMatchObject({
      status: 404,
      nosniff: 'nosniff',
      csp: SANDBOX,
    });
  });
});

describe('the editor configuration is never a script', () => {
  it.each([
    ['alert', 'alert'],
    ['cb_1', 'cb_1'],
    ['alert.call', 'alert.call'],
    ['x);alert(1)//', 'x);alert(1)//'],
    ['5000 letters', 'a'.repeat(5000)],
  ])('callback %s answers JSON with nosniff, without the callback', async (_shown, callback) => {
    const answer = await fetch(
      `${server.url}/ueditor/ue?action=config&callback=${encodeURIComponent(callback)}`,
    );
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await answer.text();
    expect(text.startsWith('{')).toBe(true);
    expect(text).not.toContain(`${callback}(`);
  });
});

describe('remote image capture', () => {
  async function capture(body: BodyInit, type = 'application/x-www-form-urlencoded') {
    const answer = await fetch(`${server.url}/ueditor/ue?action=catchimage`, {
      method: 'POST',
      headers: { 'access-token': token, 'content-type': type },
      body,
    });
    return (await answer.json()) as CatchAnswer;
  }
  const sources = (...list: string[]) => {
    const body = new URLSearchParams();
    for (const source of list) body.append('source[]', source);
    return body;
  };
  const TIMEOUT = '远程图片下载超时';
  const TOO_LARGE = '远程图片过大，不能超过 5 MB';
  const NOT_IMAGE = '远程地址的内容不是png/jpg/jpeg/gif/webp格式的图片';
  const BAD_ADDRESS = '图片地址不正确，只能抓取 http 或 https 地址';

  it('keeps an image (after two redirects too) under its own address, as an attachment', async () => {
    const answer = await capture(
      sources(
        `${remoteUrl}/image.png`,
        `${remoteUrl}/redirect/2`,
        `${remoteUrl}/photos/%E5%9B%BE.webp`,
      ),
    );
    expect(answer.state).toBe('SUCCESS');
    const own = expect.stringMatching(/^\/storage\/mock\/\d+$/);
    expect(answer.list).toEqual([
      { source: `${remoteUrl}/image.png`, state: 'SUCCESS', url: own },
      { source: `${remoteUrl}/redirect/2`, state: 'SUCCESS', url: own },
      { source: `${remoteUrl}/photos/%E5%9B%BE.webp`, state: 'SUCCESS', url: own },
    ]);
    const kept = await fetch(`${server.url}${answer.list[0]?.url}`);
    expect(kept.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await kept.arrayBuffer())).toEqual(PNG);
    // The name takes the extension of what the bytes are (a PNG served as 图.webp is 图.png).
    const library = (await (
      await fetch(`${server.url}/api/attachment/list?keyword=${encodeURIComponent('图')}`, {
        headers: { 'access-token': token },
      })
    ).json()) as Envelope<{ data: { att_title: string; att_url: string }[] }>;
    expect(library.data.data[0]).toMatchObject({
      att_title: '图.png',
      att_url: answer.list[2]?.url,
    });
  });

  it('refuses pages, SVG, huge bodies, too many redirects and addresses that are not http(s)', async () => {
    const list = [
      `${remoteUrl}/page`,
      `${remoteUrl}/disguised.png`,
      `${remoteUrl}/logo.svg`,
      `${remoteUrl}/huge-declared.png`,
      `${remoteUrl}/huge-streamed.png`,
      `${remoteUrl}/redirect/3`,
      `${remoteUrl}/to-file`,
      `${remoteUrl}/missing.png`,
      'http://127.0.0.1:1/unreachable.png',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      '//cdn.example.com/a.png',
      'http://[::1',
      '',
    ];
    const answer = await capture(sources(...list));
    expect(answer.state).toBe('SUCCESS');
    expect(answer.list.map((entry) => [entry.source, entry.state, entry.url])).toEqual([
      [list[0], NOT_IMAGE, undefined],
      [list[1], NOT_IMAGE, undefined],
      [list[2], NOT_IMAGE, undefined],
      [list[3], TOO_LARGE, undefined],
      [list[4], TOO_LARGE, undefined],
      [list[5], '远程图片地址重定向次数过多', undefined],
      [list[6], BAD_ADDRESS, undefined],
      [list[7], '远程图片下载失败', undefined],
      [list[8], '远程图片下载失败', undefined],
      [list[9], BAD_ADDRESS, undefined],
      [list[10], BAD_ADDRESS, undefined],
      [list[11], BAD_ADDRESS, undefined],
      [list[12], BAD_ADDRESS, undefined],
      [list[13], BAD_ADDRESS, undefined],
      [list[14], BAD_ADDRESS, undefined],
    ]);
  });

  it('gives up on a slow or silent address after its time limit', async () => {
    const started = Date.now();
    const answer = await capture(sources(`${remoteUrl}/slow.png`, `${remoteUrl}/silent.png`));
    expect(answer.list.map((entry) => entry.state)).toEqual([TIMEOUT, TIMEOUT]);
    // Both at once, each within its 5 s (and well under the editor's 60 s wait).
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('captures 20 addresses at most; the rest are answered as not captured', async () => {
    const many = Array.from({ length: 1000 }, (_, index) => `${remoteUrl}/image.png?n=${index}`);
    const answer = await capture(sources(...many));
    expect(answer.list).toHaveLength(1000);
    expect(answer.list.slice(0, 20).every((entry) => entry.state === 'SUCCESS')).toBe(true);
    expect(new Set(answer.list.slice(20).map((entry) => entry.state))).toEqual(
      new Set(['一次最多抓取 20 张图片，此图片未抓取']),
    );
    expect(answer.list.slice(20).some((entry) => entry.url !== undefined)).toBe(false);
  });

  it('survives whatever is sent: no sources, non-strings, a file, a JSON list', async () => {
    expect(await capture(new URLSearchParams())).toEqual({
      state: '没有要抓取的图片地址',
      list: [],
    });
    const json = await capture(
      JSON.stringify({
        source: [1, null, { url: `${remoteUrl}/image.png` }, [], `${remoteUrl}/image.png`],
      }),
      'application/json',
    );
    expect(json.list.map((entry) => [entry.source, entry.state])).toEqual([
      ['', BAD_ADDRESS],
      ['', BAD_ADDRESS],
      ['', BAD_ADDRESS],
      ['', BAD_ADDRESS],
      [`${remoteUrl}/image.png`, 'SUCCESS'],
    ]);
    const single = await capture(JSON.stringify({ source: 42 }), 'application/json');
    expect(single.list).toEqual([{ source: '', state: BAD_ADDRESS }]);
    const form = new FormData();
    form.append('source[]', new Blob([PNG]), 'a.png');
    expect((await postForm<CatchAnswer>('/ueditor/ue?action=catchimage', form)).list).toEqual([
      { source: '', state: BAD_ADDRESS },
    ]);
    expect((await capture('{not json', 'application/json')).state).toBeTypeOf('string');
  });

  it('the server still answers afterwards', async () => {
    const answer = await fetch(`${server.url}/api/adminnotice/list`, {
      headers: { 'access-token': token },
    });
    expect(((await answer.json()) as Envelope).status).toBe(200);
  });
});
