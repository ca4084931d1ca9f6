/**
 * Builds the demo app once (`--mode demo`: the mock backend in the browser) and serves `dist/` on loopback for every journey.
 * The URL reaches the test files through `inject('baseUrl')`; `inject('runDir')` is a folder the
 * files of the run share (the production build, support/production-build.ts).
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { preview, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';
import { shippedBuild } from './support/shipped-build';

let server: PreviewServer | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  delete process.env.API_TARGET;
  await shippedBuild({ mode: 'demo', logLevel: 'warn' });
  server = await preview({ preview: { port: 4179, host: '127.0.0.1', strictPort: false } });
  const url = server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:4179/';
  project.provide('baseUrl', url.replace(/\/$/, ''));
  // What the files of this run share besides the demo build (support/production-build.ts);
  // nginx's workers drop root and must be able to read it.
  const runDir = await mkdtemp(path.join(os.tmpdir(), 'back-office-e2e-'));
  await chmod(runDir, 0o755);
  project.provide('runDir', runDir);
  return async () => {
    await server?.close();
    await rm(runDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** A folder for this run's shared artefacts, removed after it. */
    runDir: string;
  }
}
