import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';
import { workerCount } from './scripts/test-workers.ts';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** The unit test files (every tests/**∕*.test.ts(x) but the journeys), relative to the root. */
function unitTestFiles(): string[] {
  return readdirSync(path.join(ROOT, 'tests'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith(`e2e${path.sep}`))
    .map((file) => path.posix.join('tests', file.split(path.sep).join('/')));
}

/** Each unit test file with its text, read once: the groups below are told by what it says. */
const files = unitTestFiles().map((file) => ({
  file,
  text: readFileSync(path.join(ROOT, file), 'utf8'),
}));

/** A file that asks for Node's environment (the generator, the CLI, the mock server…). */
const runsInNode = (text: string) => /^\/\/ @vitest-environment node$/m.test(text);

/**
 * A Node file that replaces modules or globals for itself (vi.mock, vi.stubGlobal…): it needs a
 * module graph of its own, which a worker shared with other files cannot give it.
 */
const replacesModules = (text: string) =>
  /\bvi\.(mock|doMock|stubGlobal|stubEnv|resetModules)\(/.test(text);

const namesOf = (group: typeof files) => group.map(({ file }) => file);
const nodeFiles = files.filter(({ text }) => runsInNode(text));
const isolatedNodeFiles = namesOf(nodeFiles.filter(({ text }) => replacesModules(text)));
const sharedNodeFiles = namesOf(nodeFiles.filter(({ text }) => !replacesModules(text)));
const domFiles = namesOf(files.filter(({ text }) => !runsInNode(text)));

export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      environment: 'jsdom',
      setupFiles: ['./tests/setup-tests.ts'],
      globalSetup: ['./tests/unit-global-setup.ts'],
      testTimeout: 20000,
      // Vitest's default for a run is one worker fewer than the cores: one on a 2-core machine,
      // which leaves a core idle while a file waits on a child process (the CLI tests). As many
      // files at a time as cores, at least two (unit 391 s → 202 s on two cores); TEST_WORKERS
      // overrides it (scripts/test-workers.ts).
      maxWorkers: workerCount('unit'),
      // Groups one after the other (groupOrder): the files that ask for Node's environment, then
      // the jsdom files. Run side by side, each group took two workers of its own (four files at
      // once on two cores), and their waits polled longer: the whole run 287.8 s and 554
      // CPU-seconds in one pool, the same in two pools together, 241.6 s and 460 one after the
      // other.
      projects: [
        {
          // The Node files that replace a module or a global for themselves, each in a process
          // of its own.
          extends: true,
          test: {
            name: 'node-isolated',
            include: isolatedNodeFiles,
            pool: 'forks',
            sequence: { groupOrder: 0 },
          },
        },
        {
          // The other Node files share their worker's modules (isolate: false): the generator,
          // TypeScript, prettier, yaml and the mock engine are loaded once per worker instead of
          // once per file, and no process is started per file. These 76 files and the 10 above:
          // 199.8 s and 383 CPU-seconds → 175.7 s and 338. A file here leaves the modules'
          // state as it found it (what it configures, it resets after); shuffled orders and one
          // worker for all of them pass the same. A hook that a shared module registers when it
          // loads belongs to the first file only: per-file hooks go in tests/setup-tests.ts.
          extends: true,
          test: {
            name: 'node',
            include: sharedNodeFiles,
            pool: 'forks',
            isolate: false,
            sequence: { groupOrder: 1 },
          },
        },
        {
          // The jsdom files, each in a fresh VM context of a worker that stays: no new process
          // and no new load of jsdom per file (these 48 files: 119.6 → 63.8 s, 230 → 119
          // CPU-seconds). The context lacks a few of Node's globals: setup-dom-globals.ts.
          extends: true,
          test: {
            name: 'dom',
            include: domFiles,
            pool: 'vmForks',
            sequence: { groupOrder: 2 },
            setupFiles: ['./tests/setup-dom-globals.ts'],
          },
          resolve: {
            alias: {
              // Vitest's VM loader runs react-router-dom's CommonJS entry and then resolves its
              // require('react-router/dom') to the ES module file, which CommonJS cannot load.
              // The package's ES module entry (the same code) imports it as a module.
              'react-router-dom': path.join(ROOT, 'node_modules/react-router-dom/dist/index.mjs'),
            },
          },
        },
      ],
    },
  }),
);
