// @vitest-environment node
/**
 * `vite preview` (the journeys' server, `npm run preview`) caches as deploy/nginx.conf does: the
 * hashed assets for a year without revalidation, the page itself never without asking.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../generator/helpers';

let server: PreviewServer;
let site: string;

beforeAll(async () => {
  const outDir = await tempDir('preview-cache');
  await mkdir(path.join(outDir, 'assets'));
  await writeFile(path.join(outDir, 'index.html'), '<!doctype html><title>t</title>');
  await writeFile(path.join(outDir, 'assets', 'boot-Abc123.js'), 'export {};');
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
});
