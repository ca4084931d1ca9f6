/**
 * The production path: `npm run build` (no mock backend) served by nginx with deploy/nginx.conf,
 * /api proxied to `cli mock-server`. Checks the headers a deployment promises (strict CSP,
 * nosniff and the referrer policy on every answer, proxied ones included; the sandbox policy on
 * /storage; long-cached hashed assets, gzip, the SPA fallback), drives sign-in and the notices
 * screen through it in Chromium with no service worker and no policy violation, and the hostile
 * case: a page named banner.png and an SVG with script, sent from the signed-in browser to every
 * upload call of the contract, are refused with the format message, and a file that is stored
 * (an image with a page behind its signature, a page kept before uploads were checked, the
 * seeded SVG) opened at its /storage address runs no script and cannot read the session.
 */
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signInProtocols } from '@/core/message-socket';
import { startMockServer, type RunningMockServer } from '@/mocks/http-server';
import { keepBytes } from '@/mocks/file-bytes';
import { launchChromium, newPage, screenshot } from './support/browser';
import { productionBuild } from './support/production-build';
import { signIn } from './support/session';
import { signInOverHttp } from '../support/http-mock';
import { startNginx, type RunningNginx } from '../support/nginx';
import { openMessageSocket } from '../support/socket-clients';

let workDir: string;
let nginx: RunningNginx | undefined;
let backend: RunningMockServer;
let browser: Browser;
let site: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'back-office-nginx-'));
  // nginx's workers drop root (to nobody) and must be able to read the build.
  await chmod(workDir, 0o755);
  const dist = await productionBuild();
  backend = await startMockServer({ port: 0, host: '127.0.0.1' });
  nginx = await startNginx({
    root: dist,
    backendUrl: backend.url,
    workDir,
    workerConnections: 256,
  });
  site = nginx.url;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  nginx?.stop();
  await backend?.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('production build behind nginx', () => {
  it('serves screens with the strict policy, hashed assets for a year, gzip, and no mock', async () => {
    const page = await fetch(`${site}/system/notice`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
    ])
      expect(csp).toContain(directive);
    expect(csp).not.toContain('unsafe-eval');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${site}${script}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    // No service worker of the demo's: the address falls back to the app's page.
    for (const worker of ['mockServiceWorker.js', 'mock-worker.js'])
      expect((await fetch(`${site}/${worker}`)).headers.get('content-type')).toContain('text/html');
    expect((await fetch(`${site}/storage/logo.png`)).headers.get('content-type')).toBe('image/png');
    const api = (await (await fetch(`${site}/api/adminnotice/list`)).json()) as { status: number };
    expect(api.status).toBe(401);
  });

  it('serves the licence report of the shipped packages, with their licence texts', async () => {
    const answer = await fetch(`${site}/THIRD-PARTY-LICENSES.txt`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const report = await answer.text();
    for (const shipped of [
      'Name: @editorjs/editorjs\nVersion: 2.31.7\nLicense: Apache-2.0',
      'Name: pdfjs-dist',
      'Name: mammoth',
      'Name: react\n',
    ])
      expect(report).toContain(shipped);
    expect(report).toContain('Apache License');
    // The production build ships no mock backend, so neither its packages.
    expect(report).not.toContain('Name: msw\n');
  });

  it('sends the security headers on every answer: static, proxied, /storage and errors', async () => {
    const headersOf = async (path: string) => {
      const answer = await fetch(`${site}${path}`);
      await answer.arrayBuffer();
      return {
        status: answer.status,
        csp: answer.headers.get('content-security-policy'),
        nosniff: answer.headers.get('x-content-type-options'),
        referrer: answer.headers.get('referrer-policy'),
      };
    };
    const app = (await headersOf('/')).csp ?? '';
    expect(app).toContain("frame-ancestors 'none'");
    // Images from this origin, data: and blob: only (no `https:` wildcard).
    expect(app).toMatch(/img-src 'self' data: blob: *;/);
    for (const path of [
      '/',
      '/system/notice',
      '/assets/missing.js',
      '/api/adminnotice/list',
      '/api/nosuchmodule/list',
      '/ueditor/ue?action=config',
      '/ws',
    ])
      expect([path, await headersOf(path)]).toEqual([
        path,
        expect.objectContaining({ csp: app, nosniff: 'nosniff', referrer: 'same-origin' }),
      ]);
    const sandbox = "sandbox; default-src 'none'; frame-ancestors 'none'";
    for (const path of ['/storage/logo.png', '/storage/logo.svg', '/storage/mock/987654'])
      expect([path, await headersOf(path)]).toEqual([
        path,
        expect.objectContaining({ csp: sandbox, nosniff: 'nosniff', referrer: 'same-origin' }),
      ]);
    // The editor's configuration is JSON even when a JSONP callback is asked for.
    const config = await fetch(`${site}/ueditor/ue?action=config&callback=alert`);
    expect(config.headers.get('content-type')).toContain('application/json');
    expect((await config.text()).startsWith('{')).toBe(true);
  });

  it('signs in and adds a notice through the proxy, with no service worker and no violation', async () => {
    const { page } = await newPage(browser);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${site}/system/notice`);
    await signIn(page, 'admin');
    await page.waitForURL(/\/system\/notice$/);
    await page.locator('.crud-page .p-datatable-tbody tr').first().waitFor();
    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增 - 公告管理' });
    await dialog.getByLabel('公告标题').fill('经 nginx 发布的公告');
    await dialog
      .getByRole('group', { name: '公告内容' })
      .locator('.ce-paragraph')
      .first()
      .fill('生产构建，经反向代理保存。');
    await dialog.getByRole('button', { name: '提交' }).click();
    await page
      .locator('.crud-page .p-datatable-tbody tr', { hasText: '经 nginx 发布的公告' })
      .waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations())).toHaveLength(0);
    await screenshot(page, 'nginx-production-notice');
    expect(violations).toEqual([]);
  });
});
// --- the hostile walk-through ---------------------------------------------------------------

interface ContractSchema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: string[];
  minimum?: number;
  properties?: Record<string, ContractSchema>;
}
interface ContractOperation {
  tags?: string[];
  parameters?: { in?: string; name?: string; schema?: ContractSchema }[];
  requestBody?: { content?: Record<string, { schema?: ContractSchema }> };
}
interface Contract {
  paths: Record<string, Record<string, ContractOperation>>;
  components: { schemas: Record<string, ContractSchema> };
}

/** One upload call of the contract: its address, its file field and its other fields. */
interface UploadCall {
  url: string;
  fileField: string;
  /** '$name' stands for the file's name, '$unique' for a fresh value per upload. */
  fields: Record<string, string>;
}

/**
 * Every upload call the contract describes: the operations of the `tool` and `ueditor` tags with
 * a multipart body, once per upload action of the editor's `action` parameter. The form's other
 * fields get a plausible value from their schema.
 */
async function uploadCalls(): Promise<UploadCall[]> {
  const contract = JSON.parse(await readFile('generated/openapi.json', 'utf8')) as Contract;
  const resolve = (schema: ContractSchema): ContractSchema =>
    schema.$ref ? (contract.components.schemas[schema.$ref.split('/').pop() ?? ''] ?? {}) : schema;
  const calls: UploadCall[] = [];
  for (const [path, operations] of Object.entries(contract.paths)) {
    for (const operation of Object.values(operations)) {
      if (!operation.tags?.some((tag) => tag === 'tool' || tag === 'ueditor')) continue;
      const form = operation.requestBody?.content?.['multipart/form-data']?.schema;
      if (!form) continue;
      const properties = Object.entries(resolve(form).properties ?? {});
      const fileField = properties.find(([, schema]) => schema.format === 'binary')?.[0];
      if (!fileField) continue;
      const fields: Record<string, string> = {};
      for (const [name, schema] of properties) {
        if (name === fileField) continue;
        if (schema.enum?.[0]) fields[name] = schema.enum[0];
        else if (schema.type === 'integer' || schema.type === 'number')
          fields[name] = String(schema.minimum ?? 1);
        else fields[name] = name === 'resource_name' ? '$name' : '$unique';
      }
      const action = operation.parameters?.find(
        (parameter) => parameter.in === 'query' && parameter.name === 'action',
      );
      const actions = action?.schema?.enum?.filter((name) => name.startsWith('upload'));
      for (const name of actions ?? [undefined])
        calls.push({ url: name ? `${path}?action=${name}` : path, fileField, fields });
    }
  }
  return calls;
}

const IMAGE_TYPES = '文件格式不正确，请上传png/jpg/jpeg/gif/webp格式!';
const FILE_TYPES =
  '文件格式不正确，请上传png/jpg/jpeg/gif/webp/pdf/doc/docx/xls/xlsx/ppt/pptx/txt/zip/rar/mp4格式!';
const MEDIA_TYPES = '文件格式不正确，请上传mp4/webm/ogg/mov格式!';
/** What each upload call answers to a file it does not keep (spec section 5's wording). */
const REFUSAL: Record<string, string> = {
  '/api/tool/uploadimg/': IMAGE_TYPES,
  '/api/tool/uploadfile/': FILE_TYPES,
  '/api/tool/uploadmedia': MEDIA_TYPES,
  '/api/tool/uploadslice': FILE_TYPES,
  '/api/tool/inportfile/': '文件格式不正确，请上传doc/docx格式!',
  '/ueditor/ue?action=uploadimage': IMAGE_TYPES,
  '/ueditor/ue?action=uploadfile': FILE_TYPES,
  '/ueditor/ue?action=uploadvideo': MEDIA_TYPES,
};

/** A page that would steal the session if it ever ran on the app's origin. */
const STEALER =
  '<!doctype html><title>XSS</title><script>document.title = "XSS " + sessionStorage.getItem("token")</script>';
const SVG_STEALER =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="document.title = \'XSS\'"><script>document.title = "XSS " + sessionStorage.getItem("token")</script></svg>';

async function signedInPage() {
  const opened = await newPage(browser);
  await opened.page.goto(`${site}/system/notice`);
  await signIn(opened.page, 'admin');
  await opened.page.waitForURL(/\/system\/notice$/);
  return opened;
}

/** What the document at the page's address can do: its origin, title and the session token. */
function documentReach(page: Page) {
  return page.evaluate(() => {
    let session: string;
    try {
      session = `readable: ${sessionStorage.getItem('token')}`;
    } catch (error) {
      session = error instanceof DOMException ? error.name : 'refused';
    }
    return { origin: window.origin, title: document.title, session };
  });
}

describe('the hostile walk-through behind nginx', () => {
  it('a page named banner.png and an SVG with script are refused by every upload call', async () => {
    const calls = await uploadCalls();
    expect(calls.map((call) => call.url).sort()).toEqual(Object.keys(REFUSAL).sort());
    const { context, page } = await signedInPage();
    const files = [
      { name: 'banner.png', type: 'text/html', content: STEALER },
      { name: 'banner.svg', type: 'image/svg+xml', content: SVG_STEALER },
      { name: 'logo.png', type: 'image/png', content: SVG_STEALER },
      { name: 'page.html', type: 'text/html', content: STEALER },
    ];
    const answers = await page.evaluate(
      async ({ calls, files }) => {
        const token = (sessionStorage.getItem('token') ?? '').replace(/^"|"$/g, '');
        const headers = { 'access-token': token, accesstoken: token };
        const count = async () =>
          (
            (await (await fetch('/api/attachment/list', { headers })).json()) as {
              data: { allcount: number };
            }
          ).data.allcount;
        const before = await count();
        const refused: { url: string; name: string; message: string }[] = [];
        for (const call of calls) {
          for (const file of files) {
            const form = new FormData();
            for (const [name, value] of Object.entries(call.fields))
              form.append(
                name,
                value === '$name' ? file.name : value === '$unique' ? crypto.randomUUID() : value,
              );
            form.append(call.fileField, new File([file.content], file.name, { type: file.type }));
            const answer = (await (
              await fetch(call.url, { method: 'POST', headers, body: form })
            ).json()) as { msg?: string; state?: string };
            refused.push({
              url: call.url,
              name: file.name,
              message: answer.msg ?? answer.state ?? '',
            });
          }
        }
        return { refused, kept: (await count()) - before };
      },
      { calls, files },
    );
    expect(answers.kept).toBe(0);
    for (const { url, name, message } of answers.refused)
      expect({ url, name, message }).toEqual({ url, name, message: REFUSAL[url] });
    expect(answers.refused).toHaveLength(calls.length * files.length);
    await context.close();
  });

  it('a stored file opened at its /storage address runs no script and cannot read the session', async () => {
    const { context, page } = await signedInPage();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
    // A real PNG signature with a page behind it: kept (it is a PNG), served as image/png.
    const polyglot = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Buffer.from(STEALER)];
    const address = await page.evaluate(async (bytes) => {
      const token = (sessionStorage.getItem('token') ?? '').replace(/^"|"$/g, '');
      const form = new FormData();
      form.append('file', new File([new Uint8Array(bytes)], 'banner.png', { type: 'text/html' }));
      const answer = (await (
        await fetch('/api/tool/uploadimg/', {
          method: 'POST',
          headers: { 'access-token': token, accesstoken: token },
          body: form,
        })
      ).json()) as { data: { address: string } };
      return answer.data.address;
    }, polyglot);
    expect(address).toMatch(/^\/storage\/mock\/\d+$/);

    for (const path of [address, '/storage/logo.svg']) {
      const opened = await page.goto(`${site}${path}`);
      expect(opened?.headers()['content-security-policy']).toContain('sandbox');
      expect(opened?.headers()['x-content-type-options']).toBe('nosniff');
      // An opaque origin: no script ran (no marker in the title), the session is out of reach.
      const reach = await documentReach(page);
      expect([path, reach]).toEqual([
        path,
        { origin: 'null', title: reach.title, session: 'SecurityError' },
      ]);
      expect(reach.title).not.toContain('XSS');
    }

    // A page kept before uploads were checked, its recorded type the uploader's text/html
    // (written straight into the back end's store): a download, never a document.
    const legacy = await keepBytes(new TextEncoder().encode(STEALER), 'legacy.html', 'text/html');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.goto(`${site}/storage/mock/${legacy}`).catch(() => undefined),
    ]);
    expect(download.suggestedFilename()).toBe('legacy.html.bin');
    await download.cancel();
    await page.goto(`${site}/system/notice`);
    expect(await page.title()).not.toContain('XSS');
    await context.close();
  });
});

describe('live messages behind nginx', () => {
  it('the bell says it is offline while the back end is down, and counts right when it is back', async () => {
    const { context, page } = await signedInPage();
    const bell = page.locator('.message-bell');
    const countOf = async () =>
      Number(/^消息 (\d+)/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
    await expect.poll(countOf).toBeGreaterThan(0);
    const before = await countOf();
    const token = await page.evaluate(() =>
      (sessionStorage.getItem('token') ?? '').replace(/^"|"$/g, ''),
    );

    // The back end goes away: the live connection drops and the bell says so.
    const port = new URL(backend.url).port;
    await backend.close();
    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 })
      .toContain('消息连接已断开');
    await screenshot(page, 'nginx-bell-offline');

    // Back on the same address; a message arrives: the bell is online again and counts it.
    backend = await startMockServer({ port: Number(port), host: '127.0.0.1', allowPush: true });
    const pushed = await fetch(`${backend.url}/api/mock/pushmessage`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'access-token': token },
      body: JSON.stringify({ tm_title: '断线期间的消息', tm_content: '连接恢复后应计入未读数' }),
    });
    expect(pushed.status).toBe(200);
    // The back end also pushes one demo message per connection a while after it binds, so the
    // right count is the server's unread count (at least the one pushed while away), not before + 1.
    const serverUnread = async () => {
      const answer = await fetch(`${backend.url}/api/message/getmesnoreadnum`, {
        method: 'POST',
        headers: { 'access-token': token },
      });
      return ((await answer.json()) as { data: number }).data;
    };
    await expect
      .poll(
        async () => {
          const [shown, stored] = [await countOf(), await serverUnread()];
          return shown === stored && stored > before;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await expect.poll(() => bell.getAttribute('aria-label')).not.toContain('消息连接已断开');
    await bell.click();
    await page.locator('.message-item', { hasText: '断线期间的消息' }).waitFor();
    await screenshot(page, 'nginx-bell-back');
    await context.close();
  });
});

describe('the message socket behind nginx (issue 49 case 5)', () => {
  /** Opens /ws through nginx: the handshake's status, the text frames and the close code. */
  const openSocket = (protocols: string[], origin: string) =>
    openMessageSocket(`${site.replace(/^http/, 'ws')}/ws`, protocols, origin);

  it('refuses a page of another site, with a valid token too', async () => {
    const token = await signInOverHttp(backend.url);
    const foreign = openSocket(signInProtocols(token), 'http://attacker.example');
    expect(await foreign.status).toBe(403);
    const own = openSocket(signInProtocols(token), site);
    expect(await own.status).toBe(101);
    own.socket.close();
  });

  it('an anonymous socket that binds gets nothing and is closed', async () => {
    const anonymous = openSocket([], site);
    expect(await anonymous.status).toBe(101);
    anonymous.socket.send(JSON.stringify({ type: 'bind', username: 'admin' }));
    expect(await anonymous.closed).toBe(1008);
    expect(anonymous.frames).toEqual([]);
  });
});
