/**
 * The production path: `npm run build` (no mock backend) served by nginx with deploy/nginx.conf,
 * /api proxied to `cli mock-server`. Checks the headers a deployment promises (strict CSP,
 * long-cached hashed assets, gzip, the SPA fallback) and drives sign-in and the notices screen
 * through it in Chromium with no service worker and no policy violation.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startMockServer, type RunningMockServer } from '@/mocks/http-server';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

let workDir: string;
let nginx: ChildProcess | undefined;
let backend: RunningMockServer;
let browser: Browser;
let site: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** deploy/nginx.conf with its three DEPLOY lines set, inside a main config of its own. */
async function nginxConfig(port: number, root: string, backendUrl: string): Promise<string> {
  const server = (await readFile('deploy/nginx.conf', 'utf8'))
    .replace(/listen \d+;/, `listen 127.0.0.1:${port};`)
    .replace(/root \/var\/www\/back-office;/, `root ${root};`)
    .replace(/server 127\.0\.0\.1:3001;/, `server ${new URL(backendUrl).host};`);
  const temp = (name: string) => `${name}_temp_path ${path.join(workDir, name)};`;
  return [
    'worker_processes 1;',
    `pid ${path.join(workDir, 'nginx.pid')};`,
    `error_log ${path.join(workDir, 'error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
    server,
    '}',
  ].join('\n');
}

async function waitForServer(url: string): Promise<void> {
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'back-office-nginx-'));
  // nginx's workers drop root (to nobody) and must be able to read the build.
  await chmod(workDir, 0o755);
  const dist = path.join(workDir, 'dist');
  delete process.env.API_TARGET;
  await build({ mode: 'production', logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
  backend = await startMockServer({ port: 0, host: '127.0.0.1' });
  const port = await freePort();
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    await mkdir(path.join(workDir, name));
  const config = path.join(workDir, 'nginx.conf');
  await writeFile(config, await nginxConfig(port, dist, backend.url));
  nginx = spawn(NGINX, ['-c', config, '-p', workDir, '-g', 'daemon off;'], { stdio: 'inherit' });
  site = `http://127.0.0.1:${port}`;
  await waitForServer(site);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  nginx?.kill('SIGQUIT');
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
    expect((await fetch(`${site}/mockServiceWorker.js`)).headers.get('content-type')).toContain(
      'text/html',
    );
    expect((await fetch(`${site}/storage/logo.png`)).headers.get('content-type')).toBe('image/png');
    const api = (await (await fetch(`${site}/api/adminnotice/list`)).json()) as { status: number };
    expect(api.status).toBe(401);
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
