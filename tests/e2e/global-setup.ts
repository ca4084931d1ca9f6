/**
 * Builds the demo app once (`--mode demo`: the mock backend in the browser) and serves `dist/` on loopback for every journey.
 * The URL reaches the test files through `inject('baseUrl')`.
 */
import { build, preview, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';

let server: PreviewServer | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  delete process.env.API_TARGET;
  await build({ mode: 'demo', logLevel: 'warn' });
  server = await preview({ preview: { port: 4179, host: '127.0.0.1', strictPort: false } });
  const url = server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:4179/';
  project.provide('baseUrl', url.replace(/\/$/, ''));
  return async () => {
    await server?.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
