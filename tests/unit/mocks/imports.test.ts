// @vitest-environment node
/**
 * The mock backend stands apart from the app (issue 7): everything src/mocks reaches, directly
 * or through other files, lies in src/mocks, src/core, src/locale, generated/ or src/lib/format (the
 * list's own time and number formatting, which imports only src/core and src/locale: an export
 * shows 注册时间 as the list does, issue 51 item 7), and the only
 * packages it loads are msw, ajv (+ ajv-formats), exceljs, idb-keyval (file bytes in the
 * browser, loaded there only), yaml (the REST mock reads an imported source's document, issue 27),
 * ws (the HTTP server's message socket, issue 53) and Node's own modules. So
 * `cli mock-server` never loads UI code or the browser request client.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve('.');
const ALLOWED_FOLDERS = ['src/mocks/', 'src/core/', 'src/locale/', 'src/lib/format/', 'generated/'];
const ALLOWED_PACKAGE = /^(msw(\/.+)?|ajv(\/.+)?|ajv-formats|exceljs|idb-keyval|yaml|ws|node:.+)$/;
// A module specifier has no white space or comma: the word `from` quoted inside a list of
// strings (e.g. reserved words) is not an import.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"\s,]+)['"]/gm;

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    return statSync(full).isDirectory() ? filesUnder(full) : full.endsWith('.ts') ? [full] : [];
  });
}

function resolveLocal(specifier: string, from: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(ROOT, 'src', specifier.slice(2));
  else if (specifier.startsWith('@generated/'))
    base = path.join(ROOT, 'generated', specifier.slice('@generated/'.length));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** Every local file and package reached from `starts` (every file of src/mocks by default). */
function reach(starts = filesUnder(path.join(ROOT, 'src/mocks'))): {
  files: Set<string>;
  packages: Set<string>;
} {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [...starts];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      if (!specifier) continue;
      const local = resolveLocal(specifier, file);
      if (local) queue.push(local);
      else if (specifier.startsWith('@/') || specifier.startsWith('@generated/'))
        throw new Error(`${file}: cannot resolve ${specifier}`);
      else packages.add(specifier);
    }
  }
  return { files, packages };
}

describe('what the mock backend imports', () => {
  const { files, packages } = reach();

  it('reaches only src/mocks, src/core, src/locale, src/lib/format and generated/', () => {
    const outside = [...files]
      .map((file) => path.relative(ROOT, file).split(path.sep).join('/'))
      .filter((file) => !ALLOWED_FOLDERS.some((folder) => file.startsWith(folder)));
    expect(outside).toEqual([]);
    // The walk did follow the imports (the contract and the shared permission table).
    expect([...files].some((file) => file.endsWith('generated/openapi.json'))).toBe(true);
    expect([...files].some((file) => file.endsWith('src/core/permission.ts'))).toBe(true);
  });

  it('loads only msw, ajv, exceljs, idb-keyval, yaml, ws and Node modules', () => {
    expect([...packages].filter((name) => !ALLOWED_PACKAGE.test(name))).toEqual([]);
    expect(packages).toContain('msw');
  });

  it('the browser worker never loads ws or Node modules (the HTTP server alone does)', () => {
    const browser = reach([path.join(ROOT, 'src/mocks/browser.ts')]);
    expect(
      [...browser.packages].filter((name) => name === 'ws' || name.startsWith('node:')),
    ).toEqual([]);
    expect(browser.packages).toContain('msw');
  });
});
