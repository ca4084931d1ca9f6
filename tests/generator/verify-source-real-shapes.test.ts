// @vitest-environment node
/**
 * Issue 50: `verify --source --writes` against the source's own REST mock, on the shapes of the
 * published documents where it failed (tests/generator/real-shapes-source.ts says which). Each
 * case was a bug of the mock (values out of their schema, keys the item path refuses) or of
 * verify (a record of a union's common fields, an edit body missing what it requires, a string
 * field read as a wrapper); a document that requires a field it does not declare is a warning.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMockServer, type RunningMockServer } from '@/mocks/http-server';
import { loadRestSource } from '@/mocks/rest-source/load';
import { importOpenApi } from '../../generator/import-openapi';
import { verifySource, type SourceVerifyReport } from '../../generator/verify/source';
import { tempDir } from './helpers';
import { REAL_SHAPES_DOCUMENT } from './real-shapes-source';

vi.setConfig({ testTimeout: 120_000 });

let contract = '';
let mock: RunningMockServer;
let report: SourceVerifyReport;

/** The report's rows as `OUTCOME METHOD path: detail`, for readable failures. */
const rows = () => report.results.map((r) => `${r.outcome} ${r.method} ${r.path}: ${r.detail}`);

beforeAll(async () => {
  const dir = await tempDir('verify-real-shapes');
  contract = path.join(dir, 'openapi');
  const file = path.join(dir, 'cloud.json');
  await writeFile(file, JSON.stringify(REAL_SHAPES_DOCUMENT));
  await importOpenApi({ source: file, name: 'cloud', contractDir: contract });
  mock = await startMockServer({
    port: 0,
    sources: [await loadRestSource(contract, 'cloud', { count: 6 })],
  });
  report = await verifySource({
    contractDir: contract,
    name: 'cloud',
    baseUrl: `${mock.url}/v2`,
    writes: true,
  });
});

afterAll(async () => {
  await mock?.close();
});

describe('verify --source --writes against the mock of a document in real shapes', () => {
  it('lists records whose formats, multiples and allOf arrays fit their schema', () => {
    expect(rows()).toContainEqual(expect.stringMatching(/^ok GET \/machines: list: 6 row\(s\)/));
  });

  it('reads a seeded record by a key the uuid path parameter accepts', () => {
    expect(rows()).toContainEqual(
      expect.stringMatching(/^ok GET \/machines\/\{machine_id\}: info: /),
    );
    expect(rows()).toContainEqual(
      expect.stringMatching(/^ok GET \/projects\/\{project_id\}: info: /),
    );
  });

  it('adds a record of the first variant of a oneOf body and reads it back by its uuid', () => {
    expect(rows()).toContainEqual(
      expect.stringMatching(
        /^ok POST \/machines: round trip: add \(HTTP 201, key [0-9a-f-]{36}\)$/,
      ),
    );
    expect(rows()).toContainEqual(
      expect.stringMatching(/^ok GET \/machines\/\{machine_id\}: round trip: read back /),
    );
  });

  it('edits with the body the edit declares: a named string field, a field only the edit requires', () => {
    expect(rows()).toContainEqual(
      expect.stringMatching(
        /^ok PUT \/machines\/\{machine_id\}: round trip: edit name, read back$/,
      ),
    );
    expect(rows()).toContainEqual(
      expect.stringMatching(
        /^ok PUT \/projects\/\{project_id\}: round trip: edit name, read back$/,
      ),
    );
  });

  it('keys a record without a text or number field by the item path parameter', () => {
    expect(rows()).toContainEqual('ok GET /reports/{id}: info: record 1');
  });

  it('answers the record schema each operation declares, not the kept entity', () => {
    expect(rows()).toContainEqual(expect.stringMatching(/^ok GET \/campaigns: list: 6 row\(s\)/));
    expect(rows()).toContainEqual(
      expect.stringMatching(/^ok POST \/campaigns: round trip: add \(HTTP 200, key \d+\)$/),
    );
    expect(rows()).toContainEqual(
      expect.stringMatching(/^ok GET \/campaigns\/\{campaign_id\}: round trip: read back \d+$/),
    );
  });

  it('takes a redirect an operation declares as its only answer as its success', () => {
    expect(rows()).toContainEqual(
      'ok GET /.well-known/change-password: HTTP 303: the redirect it declares (not followed)',
    );
  });

  it('round-trips records in the shapes DigitalOcean writes them', () => {
    // Answered `{ machine, links }` (the add's oneOf), deleted by a uuid the GET did not ask for.
    expect(rows()).toContainEqual(
      expect.stringMatching(
        /^ok DELETE \/machines\/\{machine_id\}: round trip: delete [0-9a-f-]{36}$/,
      ),
    );
    // owner_id (readOnly in the record) sent, tags texts on add and objects on edit, quota's
    // default 2^63 not sent.
    expect(rows()).toContainEqual(
      expect.stringMatching(/^ok GET \/projects\/\{project_id\}: round trip: read back /),
    );
    expect(rows()).toContainEqual(
      'ok PUT /projects/{project_id}: round trip: edit name, read back',
    );
    expect(report.notes).toContain(
      'warning: POST /projects: the document declares no success answer (its default sits beside the error statuses): HTTP 201 not checked',
    );
  });

  it('passes as a whole, says what it wrote and warns where the document contradicts itself', () => {
    expect(rows().filter((row) => !row.startsWith('ok '))).toEqual([]);
    expect(report.counts).toMatchObject({ schema: 0, failed: 0 });
    expect(report.notes).toContain(
      'written: 3 record(s) added, 2 edited, 3 deleted, in 3 round trip(s)',
    );
    expect(report.notes).toContain(
      'warning: POST /machines: the body requires region, which its schema does not declare (the document contradicts itself): sent "verify region"',
    );
    expect(report.notes).toContain(
      'warning: POST /campaigns: type: the add body allows values the record does not (only "regular", "optin"): sent "regular" (the request and the record schema disagree)',
    );
  });
});
