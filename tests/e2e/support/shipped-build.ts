/**
 * `vite build` as a user's build runs it. Vite takes the bundle's `process.env.NODE_ENV` from the
 * process's own, and Vitest sets that to `test`: a build started inside a test run would ship
 * React's development build (extra checks and an owner stack captured for every element, several
 * times slower to render), not what `npm run build` ships. The variable is `production` for the
 * build's duration only, so the test process around it keeps its own.
 */
import { build, type InlineConfig } from 'vite';

export async function shippedBuild(config: InlineConfig): Promise<void> {
  const testEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build(config);
  } finally {
    process.env.NODE_ENV = testEnv;
  }
}
