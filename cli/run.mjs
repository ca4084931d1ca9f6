/**
 * `npm run cli`: runs cli/index.ts from one bundle of its TypeScript (cli/, generator/, src/core,
 * package.json), which rolldown writes to node_modules/.cache/admin-cli/ and makes again when
 * any file in it changed. Node then loads a few plain modules instead of every .ts file through
 * tsx's loader thread — about 0.4 s of every run, a third of regenerating after a label edit.
 * The app's mock engine and generated code stay out of the bundle: `generate` rewrites
 * generated/, which would otherwise make the next run bundle again; `mock-server`, the one
 * command that loads them, runs under tsx as before. The tests start the CLI through this
 * launcher too. Without rolldown, or if bundling fails, every command runs under tsx.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = path.join(ROOT, 'cli', 'index.ts');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'admin-cli');
const MANIFEST = path.join(CACHE, 'manifest.json');
/** Folders loaded from source by tsx, never bundled (see above). */
const FROM_SOURCE = ['src/mocks/', 'generated/'].map((folder) => path.join(ROOT, folder));
/** Commands that load FROM_SOURCE. */
const TSX_COMMANDS = new Set(['mock-server']);

const sha256 = (text) => createHash('sha256').update(text).digest('hex');
const readOr = (file, fallback) => readFile(file).catch(() => fallback);

/** This file and the bundler's version: a change of either makes the bundle again. */
async function launcherKey() {
  const own = await readFile(fileURLToPath(import.meta.url));
  const rolldown = await readOr(path.join(ROOT, 'node_modules/rolldown/package.json'), 'none');
  return sha256(Buffer.concat([own, Buffer.from(ROOT), Buffer.from(rolldown)]));
}

/** The bundle's entry when every file it was made of is unchanged, else undefined. */
async function freshBundle(key) {
  try {
    const manifest = JSON.parse(await readFile(MANIFEST, 'utf8'));
    if (manifest.key !== key) return undefined;
    const inputs = Object.entries(manifest.inputs);
    const now = await Promise.all(inputs.map(([file]) => readOr(path.join(ROOT, file), '')));
    if (inputs.some(([, hash], i) => sha256(now[i]) !== hash)) return undefined;
    return path.join(CACHE, manifest.dir, 'index.mjs');
  } catch {
    return undefined;
  }
}

/** Bundles the CLI into a folder of its own, then points the manifest at it. */
async function bundle(key) {
  const { rolldown } = await import('rolldown');
  /** The hash of each repo file as rolldown got it (a file saved meanwhile then counts as changed). */
  const read = new Map();
  const build = await rolldown({
    input: ENTRY,
    platform: 'node',
    logLevel: 'silent',
    resolve: { tsconfigFilename: path.join(ROOT, 'tsconfig.base.json') },
    // Absolute externals stay absolute (the bundle lives elsewhere than the source).
    makeAbsoluteExternalsRelative: false,
    plugins: [
      {
        name: 'recorded-read',
        async load(id) {
          if (!path.isAbsolute(id) || path.relative(ROOT, id).startsWith('node_modules'))
            return null;
          const text = await readFile(id, 'utf8');
          read.set(path.relative(ROOT, id), sha256(text));
          return text;
        },
      },
      {
        name: 'externals',
        // Packages load from node_modules as before — a deep import (`pkg/lib/dir`, which tsx
        // resolved as CommonJS does) by the file it resolves to; FROM_SOURCE by absolute path,
        // through tsx.
        async resolveId(source, importer) {
          if (source.startsWith('node:')) return { id: source, external: true };
          const bare =
            !source.startsWith('.') && !path.isAbsolute(source) && !source.startsWith('@/');
          if (bare) {
            const deep = source.split('/').length > (source.startsWith('@') ? 2 : 1);
            const resolved = deep ? await this.resolve(source, importer, { skipSelf: true }) : null;
            return { id: resolved ? pathToFileURL(resolved.id).href : source, external: true };
          }
          if (!importer || !source.startsWith('.')) return null;
          const at = path.resolve(path.dirname(importer), source);
          const fromSource = FROM_SOURCE.some((folder) => at.startsWith(folder));
          return fromSource ? { id: pathToFileURL(at).href, external: true } : null;
        },
      },
      {
        name: 'source-import-meta-url',
        // repo-root.ts finds the repo from its own URL: keep it the source file's.
        transform(code, id) {
          if (!code.includes('import.meta.url')) return undefined;
          return code.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(id).href));
        },
      },
    ],
  });
  const dir = `bundle-${process.pid}-${Date.now()}`;
  await build.write({
    dir: path.join(CACHE, dir),
    format: 'esm',
    sourcemap: true,
    entryFileNames: 'index.mjs',
    chunkFileNames: '[name]-[hash].mjs',
  });
  await build.close();
  const inputs = Object.fromEntries(read);
  // Renamed into place: a run started meanwhile reads the old manifest or the new one, whole.
  await writeFile(`${MANIFEST}.${process.pid}`, JSON.stringify({ key, dir, inputs }));
  await rename(`${MANIFEST}.${process.pid}`, MANIFEST);
  // Older bundles go once no run can still be loading a chunk of them (a run started a minute
  // ago may not have imported its generator chunk yet; an hour is far past that).
  for (const old of await readdir(CACHE)) {
    const at = path.join(CACHE, old);
    const made = await stat(at).then(
      (info) => info.mtimeMs,
      () => Date.now(),
    );
    if (old.startsWith('bundle-') && old !== dir && Date.now() - made > 3_600_000)
      await rm(at, { recursive: true, force: true }).catch(() => undefined);
  }
  return path.join(CACHE, dir, 'index.mjs');
}

async function entry() {
  const command = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
  if (TSX_COMMANDS.has(command)) return undefined;
  const key = await launcherKey();
  const fresh = await freshBundle(key);
  if (fresh) return fresh;
  await mkdir(CACHE, { recursive: true });
  return bundle(key).catch(() => undefined);
}

const bundled = await entry();
if (bundled) {
  // Stack traces (--debug) name the TypeScript lines.
  if (process.argv.includes('--debug') || ['1', 'true'].includes(process.env.DEBUG ?? ''))
    process.setSourceMapsEnabled(true);
  await import(pathToFileURL(bundled).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(ENTRY).href);
}
