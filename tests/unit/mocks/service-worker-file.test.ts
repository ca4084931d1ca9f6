// @vitest-environment node
/**
 * public/mockServiceWorker.js is a copy of msw's worker script, and the worker refuses to run
 * against a library of another version: after an msw upgrade the copy must be refreshed
 * (`npx msw init public/ --no-save`), which this test makes impossible to forget.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('public/mockServiceWorker.js', () => {
  it("equals the installed msw's worker script", async () => {
    const [ours, installed] = await Promise.all([
      readFile(path.join(REPO, 'public/mockServiceWorker.js'), 'utf8'),
      readFile(path.join(REPO, 'node_modules/msw/lib/mockServiceWorker.js'), 'utf8'),
    ]);
    expect(
      ours === installed,
      "public/mockServiceWorker.js differs from msw's: run npx msw init public/ --no-save",
    ).toBe(true);
  });
});
