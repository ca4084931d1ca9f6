// @vitest-environment node
/**
 * `vite preview` (the journeys' server, `npm run preview`) caches as deploy/nginx.conf does: the
 * hashed assets for a year without revalidation, the page itself never without asking; it
 * gzips an asset once and sends that to every later request, and serves nothing outside the
 * assets folder under its address.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../generator/helpers';

let server: PreviewServer;
let site: string;
let outDir: string;

/** A script large enough to be compressed (Vite leaves answers under 1 KB as they are). */
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'行${i}'`).join(', ')}];\n`;
const SECRET = `outside the build ${'x'.repeat(2000)}`;

beforeAll(async () => {
  const root = await tempDir('preview-cache');
  outDir = path.join(root, 'dist');
  await mkdir(path.join(outDir, 'assets'), { recursive: true });
  await writeFile(path.join(outDir, 'index.html'), '<!doctype html><title>t</title>');
  await writeFile(path.join(outDir, 'assets', 'boot-Abc123.js'), 'export {};');
  await writeFile(path.join(outDir, 'assets', 'rows-Def456.js'), SCRIPT);
  await writeFile(path.join(root, 'secret.txt'), SECRET);
  server = await preview({
    logLevel: 'silent',
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1' },
  });
  site = (server.resolvedUrls?.local[0] ?? '').replace(/\/$/, '');
});

afterAll(async () => {
  await server?.close();
});

const cacheControlOf = async (address: string) =>
  (await fetch(`${site}${address}`)).headers.get('cache-control');

/** An answer as it crossed the wire (fetch would unzip it): status, headers and raw bytes. */
function rawGet(address: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const sent = request(`${site}${address}`, { headers }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({
            status: answer.statusCode ?? 0,
            headers: answer.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      sent.on('error', reject);
      sent.end();
    },
  );
}

describe('vite preview', () => {
  it('serves a hashed asset as immutable for a year', async () => {
    expect(await cacheControlOf('/assets/boot-Abc123.js')).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('has the page revalidated on every load', async () => {
    expect(await cacheControlOf('/')).toBe('no-cache');
    expect(await cacheControlOf('/system/notice')).toBe('no-cache');
  });

  it('gzips an asset once: every request gets the same bytes, which unzip to the file', async () => {
    const first = await rawGet('/assets/rows-Def456.js', { 'Accept-Encoding': 'gzip, br' });
    const second = await rawGet('/assets/rows-Def456.js', { 'Accept-Encoding': 'gzip' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['content-type']).toBe('text/javascript');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(first.body).toString('utf8')).toBe(SCRIPT);
    expect(second.body.equals(first.body)).toBe(true);
    // A hashed file never changes while the server runs; this one does, to show which bytes go
    // out: the gzip made for the first request, not a new compression of the file.
    await writeFile(path.join(outDir, 'assets', 'rows-Def456.js'), SCRIPT.replace('行0', '改'));
    const third = await rawGet('/assets/rows-Def456.js', { 'Accept-Encoding': 'gzip' });
    expect(third.body.equals(first.body)).toBe(true);
    // A client that takes no gzip gets the file as it is.
    const plain = await rawGet('/assets/rows-Def456.js', { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(SCRIPT.replace('行0', '改'));
  });

  it('serves nothing outside the assets folder under its address', async () => {
    for (const address of [
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/assets/..%5c..%5csecret.txt',
    ]) {
      const answer = await rawGet(address, { 'Accept-Encoding': 'gzip' });
      const text =
        answer.headers['content-encoding'] === 'gzip'
          ? gunzipSync(answer.body).toString('utf8')
          : answer.body.toString('utf8');
      expect(text, address).not.toContain('outside the build');
    }
  });
});
