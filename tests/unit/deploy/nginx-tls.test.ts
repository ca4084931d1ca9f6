// @vitest-environment node
/**
 * Issue 51 "What to build" 8: deploy/nginx-tls.conf in front of deploy/nginx.conf, as the
 * deployment guide installs them (docs/deploying.md), with a certificate made for the test and
 * `cli mock-server` as the back end: http:// is redirected to https://; the app's answers come
 * over TLS with the app server's security headers and Strict-Transport-Security; API calls reach
 * the back end; the live connection's address is wss:// (an https page may open no ws://) and
 * the socket opens through the front.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInProtocols } from '@/core/message-socket';
import { startMockServer, type RunningMockServer } from '@/mocks/http-server';
import { resetMockDatabase } from '@/mocks/reset';
import { signInOverHttp } from '../../support/http-mock';
import { startNginx, type RunningNginx } from '../../support/nginx';
import { openMessageSocket } from '../../support/socket-clients';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let workDir: string;
let nginx: RunningNginx | undefined;
let backend: RunningMockServer | undefined;
let certificate: string;
let token: string;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTPS call that trusts the test's certificate only. */
function callOverTls(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const call = httpsRequest(
      url,
      { method: init.method ?? 'GET', headers: init.headers, ca: certificate },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    call.on('error', reject);
    call.end(init.body);
  });
}

function sites(): { https: string; redirect: string } {
  if (!nginx?.httpsUrl || !nginx.redirectUrl) throw new Error('nginx started without TLS');
  return { https: nginx.httpsUrl, redirect: nginx.redirectUrl };
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'back-office-tls-'));
  // nginx's workers drop root (to nobody) and must be able to read the site and the key.
  await chmod(workDir, 0o755);
  const root = path.join(workDir, 'site');
  await mkdir(root);
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>后台管理系统</title>');
  const crt = path.join(workDir, 'back-office.crt');
  const key = path.join(workDir, 'back-office.key');
  // A certificate for 127.0.0.1, valid a day: the intranet CA's part in a real deployment.
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    key,
    '-out',
    crt,
  ]);
  await chmod(key, 0o644);
  certificate = await readFile(crt, 'utf8');
  backend = await startMockServer({ port: 0, host: '127.0.0.1' });
  token = await signInOverHttp(backend.url);
  nginx = await startNginx({
    root,
    backendUrl: backend.url,
    workDir,
    tls: { certificate: crt, key },
  });
});

afterAll(async () => {
  nginx?.stop();
  await backend?.close();
  resetMockDatabase();
  await rm(workDir, { recursive: true, force: true });
});

describe('deploy/nginx-tls.conf in front of deploy/nginx.conf', () => {
  it('redirects http:// to the same address over https://', async () => {
    const { redirect } = sites();
    const answer = await fetch(`${redirect}/system/notice?page=2`, { redirect: 'manual' });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe('https://127.0.0.1/system/notice?page=2');
  });

  it('serves the app over TLS with the app server’s headers and Strict-Transport-Security', async () => {
    const { https } = sites();
    const page = await callOverTls(`${https}/system/notice`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>后台管理系统</title>');
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('passes API calls to the back end, and names the live connection wss://', async () => {
    const { https } = sites();
    const refused = await callOverTls(`${https}/api/adminnotice/list`);
    expect(JSON.parse(refused.body)).toMatchObject({ status: 401 });

    const status = await callOverTls(`${https}/api/message/getsocketstatus`, {
      method: 'POST',
      headers: { 'access-token': token, 'content-type': 'application/json' },
      body: '{}',
    });
    const host = new URL(https).host;
    expect(JSON.parse(status.body)).toMatchObject({
      data: { open: true, url: `wss://${host}/ws` },
    });
  });

  it('opens the live connection through the front as a page of the site', async () => {
    const { https } = sites();
    const host = new URL(https).host;
    const opened = openMessageSocket(
      `wss://${host}/ws`,
      signInProtocols(token),
      `https://${host}`,
      certificate,
    );
    expect(await opened.status).toBe(101);
    opened.socket.close();
    await opened.closed;
  });
});
