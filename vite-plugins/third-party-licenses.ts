/**
 * A Vite plugin: every build ships dist/THIRD-PARTY-LICENSES.txt, the packages whose code is in
 * the bundle, each with its licence and notice texts (the Apache-2.0 and BSD ones require the
 * attribution). It reads the modules rendered into the chunks, so a package the bundler dropped
 * (or one only the dev tools use) is not listed. Our own: rollup-plugin-license does the same
 * scan but is typed against rollup's plugin context, which Vite 8's (rolldown's) is not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const LICENCE_FILE = 'THIRD-PARTY-LICENSES.txt';

const LICENCE_NAME = /^(un)?licen[cs]e|^copying/i;
const NOTICE_NAME = /^notice/i;

/** The package folder and name a bundled module comes from, or undefined for our own code. */
function packageOf(moduleId: string): { dir: string; name: string } | undefined {
  const file = moduleId.replace(/^\0/, '').replace(/\?.*$/, '').replaceAll('\\', '/');
  const at = file.lastIndexOf('/node_modules/');
  if (at < 0) return undefined;
  const parts = file.slice(at + '/node_modules/'.length).split('/');
  const nameParts = parts[0]?.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1);
  if (nameParts.length === 0 || nameParts.some((part) => !part)) return undefined;
  const name = nameParts.join('/');
  return { dir: `${file.slice(0, at)}/node_modules/${name}`, name };
}

function readText(dir: string, pattern: RegExp): string | undefined {
  const file = readdirSync(dir).find((entry) => pattern.test(entry));
  return file ? readFileSync(path.join(dir, file), 'utf8').trim() : undefined;
}

/** One package of the report: name, version, licence, then its licence and notice texts. */
function entry(dir: string, name: string): string {
  const manifest: unknown = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const field = (key: string): string | undefined => {
    const value: unknown =
      typeof manifest === 'object' && manifest !== null ? Reflect.get(manifest, key) : undefined;
    return typeof value === 'string' ? value : undefined;
  };
  const licence = field('license') ?? 'UNKNOWN';
  const notice = readText(dir, NOTICE_NAME);
  return [
    `Name: ${name}`,
    `Version: ${field('version') ?? '-'}`,
    `License: ${licence}`,
    '',
    readText(dir, LICENCE_NAME) ??
      `(the package ships no licence file; its package.json declares ${licence})`,
    ...(notice ? ['', notice] : []),
  ].join('\n');
}

export function thirdPartyLicenses(): Plugin {
  return {
    name: 'third-party-licenses',
    apply: 'build',
    generateBundle(_options, bundle) {
      const packages = new Map<string, string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const [id, rendered] of Object.entries(output.modules)) {
          const found = rendered.renderedLength > 0 ? packageOf(id) : undefined;
          if (found) packages.set(found.dir, found.name);
        }
      }
      const entries = [...packages]
        .sort(([, a], [, b]) => a.localeCompare(b))
        .map(([dir, name]) => entry(dir, name));
      this.emitFile({
        type: 'asset',
        fileName: LICENCE_FILE,
        source: [
          `Third-party software shipped in this build (${entries.length} packages), with its licences.`,
          ...entries,
        ].join(`\n\n${'-'.repeat(72)}\n\n`),
      });
    },
  };
}
