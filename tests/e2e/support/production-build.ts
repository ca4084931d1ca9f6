/**
 * The production build (no mock in the page) that the journeys against a real HTTP backend share
 * — nginx, the contract walk through Prism, large uploads: built once per e2e run, by the first
 * file that asks, into the run's folder (global-setup), while other files wait for it. A run of
 * one file that needs no production build builds none.
 */
import path from 'node:path';
import { oncePerRun } from './once-per-run';
import { shippedBuild } from './shipped-build';

/** The folder of the production build (`dist/` of `vite build --mode production`). */
export async function productionBuild(): Promise<string> {
  const folder = await oncePerRun('production', async (made) => {
    delete process.env.API_TARGET;
    await shippedBuild({
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: path.join(made, 'dist'), emptyOutDir: true },
    });
  });
  return path.join(folder, 'dist');
}
