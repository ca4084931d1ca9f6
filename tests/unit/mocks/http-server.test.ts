// @vitest-environment node
/** The same mock backend over real HTTP (what `cli mock-server` and the e2e journeys use). */
import { describe, expect, it } from 'vitest';
import { startMockServer } from '@/mocks/http-server';
import { attachmentMock } from '@generated/mocks/attachment';
import { withHttpMockServer } from '../../support/http-mock';

const mock = withHttpMockServer();

async function post(
  path: string,
  body: unknown,
  token = '',
): Promise<{ status: number; msg: string; data: Record<string, unknown> }> {
  const response = await fetch(`${mock.url()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'access-token': token },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { status: number; msg: string; data: Record<string, unknown> };
}

describe('startMockServer', () => {
  it('signs in, keeps state between calls and guards protected calls', async () => {
    expect(mock.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const denied = await fetch(`${mock.url()}/api/adminnotice/list`);
    expect(await denied.json()).toEqual({ status: 401, msg: '401，登录失效！', data: null });

    const login = await post('/api/login', {
      username: 'admin',
      password: 'Admin@123456',
      captcha: '8888',
      captcha_key: 'k',
    });
    expect(login.status).toBe(200);
    const token = String(login.data.token);
    const added = await post(
      '/api/adminnotice/add',
      { notice_title: '通过 HTTP 新增', notice_type: 1 },
      token,
    );
    expect(added.status).toBe(200);
    const list = await fetch(
      `${mock.url()}/api/adminnotice/list?keyword=${encodeURIComponent('通过 HTTP')}`,
      { headers: { 'access-token': token } },
    );
    const answer = (await list.json()) as { data: { data: { notice_title: string }[] } };
    expect(answer.data.data.map((row) => row.notice_title)).toEqual(['通过 HTTP 新增']);
  });

  it('answers no CORS for another origin unless started with it (--cors-origin)', async () => {
    const response = await fetch(`${mock.url()}/api/login`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-headers': 'content-type,access-token,user-tag',
      },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-headers')).toBeNull();
    const allowing = await startMockServer({
      port: 0,
      host: '127.0.0.1',
      corsOrigins: ['http://localhost:5173'],
    });
    try {
      const allowed = await fetch(`${allowing.url}/api/login`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-headers': 'content-type,access-token,user-tag',
        },
      });
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(allowed.headers.get('access-control-allow-headers')).toBe(
        'content-type,access-token,user-tag',
      );
    } finally {
      await allowing.close();
    }
  });

  it('serves an uploaded file back over HTTP', async () => {
    const login = await post('/api/login', {
      username: 'admin',
      password: 'Admin@123456',
      captcha: '8888',
      captcha_key: 'k',
    });
    const form = new FormData();
    form.append('file', new Blob(['hello 你好'], { type: 'text/plain' }), 'hello.txt');
    const upload = await fetch(`${mock.url()}/api/tool/uploadfile/`, {
      method: 'POST',
      headers: { accesstoken: String(login.data.token) },
      body: form,
    });
    const { data } = (await upload.json()) as { data: { address: string } };
    const served = await fetch(`${mock.url()}${data.address}`);
    expect(await served.text()).toBe('hello 你好');
  });

  it('serves the seeded logo and avatar the settings and the user menu point at, and nothing beside them', async () => {
    const logo = await fetch(`${mock.url()}/storage/logo.png`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    const png = new Uint8Array(await logo.arrayBuffer());
    expect([...png.slice(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG');
    expect((await fetch(`${mock.url()}/storage/logo.svg`)).headers.get('content-type')).toBe(
      'image/svg+xml',
    );
    expect((await fetch(`${mock.url()}/storage/avatar/admin.png`)).status).toBe(200);
    for (const hostile of [
      '/storage/../package.json',
      '/storage/%2e%2e/package.json',
      '/storage/none.png',
    ])
      expect((await fetch(`${mock.url()}${hostile}`)).status).toBe(404);
  });

  it('serves every file the attachment seed points at: 附件管理 previews and downloads them', async () => {
    const served = new Map<string, { type: string | null; disposition: string | null }>();
    for (const { att_url: address } of attachmentMock.seed) {
      if (typeof address !== 'string' || !address.startsWith('/storage/')) continue;
      const answer = await fetch(`${mock.url()}${address}`);
      expect(answer.status, address).toBe(200);
      served.set(address, {
        type: answer.headers.get('content-type'),
        disposition: answer.headers.get('content-disposition'),
      });
    }
    expect(served.get('/storage/file/20251010/sales-q3.xlsx')).toEqual({
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      disposition: "attachment; filename=sales-q3.xlsx; filename*=UTF-8''sales-q3.xlsx",
    });
    expect(served.get('/storage/file/20250315/reimbursement.docx')?.disposition).toMatch(
      /^attachment; filename=reimbursement\.docx;/,
    );
    expect(served.get('/storage/file/20250301/handbook-2025.pdf')).toEqual({
      type: 'application/pdf',
      disposition: null,
    });
    const pdf = await fetch(`${mock.url()}/storage/file/20250301/handbook-2025.pdf`);
    expect((await pdf.text()).startsWith('%PDF-')).toBe(true);
  });
});
