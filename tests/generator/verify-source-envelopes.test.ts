// @vitest-environment node
/**
 * Issue 50 items 2 and 5 against the REST mock: a source whose answers and bodies are wrapped
 * (`{ articles, articlesCount }`, `{ article }`, `{ data: { results, total } }`) and whose
 * server path is `/api` — the back-office's own. `cli mock-server --source` serves it under
 * `/sources/<name>` (it used to refuse it: "overlaps /api"), `verify --source` given the bare
 * server address calls it there (it used to call the back-office's `/api`, and with `--writes`
 * wrote to it), and every read, round trip and invalid add passes through the wrappers.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stringify } from 'yaml';
import { startMockServer, type RunningMockServer } from '@/mocks/http-server';
import { loadRestSource } from '@/mocks/rest-source/load';
import { verifySource, type SourceVerifyReport } from '../../generator/verify/source';
import { WRAPPED_DOCUMENT } from '../unit/rest-source/wrapped-source';
import { runCliAsync, startMockServerProcess } from './cli-process';
import { tempDir } from './helpers';

vi.setConfig({ testTimeout: 120_000 });

let contract = '';
let mock: RunningMockServer;

beforeAll(async () => {
  contract = path.join(await tempDir('verify-envelopes'), 'openapi');
  await mkdir(path.join(contract, 'sources/shop'), { recursive: true });
  await writeFile(path.join(contract, 'sources/shop/openapi.yaml'), stringify(WRAPPED_DOCUMENT));
  mock = await startMockServer({
    port: 0,
    sources: [await loadRestSource(contract, 'shop', { basePath: '/sources/shop' })],
  });
});

afterAll(async () => {
  await mock?.close();
});

/** The report's rows as `OUTCOME METHOD path: detail`, for readable failures. */
const rows = (report: SourceVerifyReport) =>
  report.results.map((r) => `${r.outcome} ${r.method} ${r.path}: ${r.detail}`);

describe('a wrapped source with the server path /api', () => {
  it('verify --writes given the bare address checks it at /sources/shop, every call passing', async () => {
    const report = await verifySource({
      contractDir: contract,
      name: 'shop',
      baseUrl: mock.url,
      writes: true,
    });
    expect(report.baseUrl).toBe(`${mock.url}/sources/shop`);
    expect(report.notes[0]).toMatch(
      /^called at \/sources\/shop, the source's own prefix .* \(the document's server path \/api is the back-office's own \/api\)/,
    );
    expect(rows(report).filter((row) => !row.startsWith('ok '))).toEqual([]);
    expect(rows(report)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^ok GET \/articles: list: \d+ row\(s\), total in body\.articlesCount$/,
        ),
        expect.stringMatching(/^ok GET \/lists: list: \d+ row\(s\), total in body\.data\.total$/),
        expect.stringMatching(/^ok POST \/articles: round trip: add \(HTTP 201, key [a-z0-9-]+\)$/),
        expect.stringMatching(/^ok GET \/articles\/\{slug\}: round trip: read back /),
        expect.stringMatching(
          /^ok PUT \/articles\/\{slug\}: round trip: edit (title|body), read back$/,
        ),
        expect.stringMatching(/^ok POST \/lists: round trip: add \(HTTP 200, key \d+\)$/),
        'ok POST /articles: invalid add (title missing): HTTP 422 problem+json',
      ]),
    );
    // The back-office's /api is not the source: its articles are not served there.
    const backOffice = await fetch(`${mock.url}/api/articles?offset=0&limit=2`);
    expect(await backOffice.json().catch(() => undefined)).not.toHaveProperty('articles');
  });

  it('cli mock-server --source mounts it under /sources/shop and cli verify --writes passes', async () => {
    const server = await startMockServerProcess(['--source', 'shop', '--contract', contract]);
    try {
      const mounted = await server.printed(/(source shop: .*)/, 0);
      expect(mounted).toBe(
        `source shop: REST mock at ${server.found}/sources/shop (not at its server path /api: the back-office's or another source's)`,
      );
      const result = await runCliAsync([
        'verify',
        '--source',
        'shop',
        '--base-url',
        server.found,
        '--writes',
        '--contract',
        contract,
      ]);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`${server.found}/sources/shop`);
    } finally {
      await server.stop();
    }
  });
});
