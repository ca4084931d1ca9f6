import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      environment: 'jsdom',
      setupFiles: ['./tests/setup-tests.ts'],
      include: ['tests/**/*.test.{ts,tsx}'],
      exclude: ['tests/e2e/**', 'node_modules/**'],
      testTimeout: 20000,
      pool: 'forks',
      // Vitest's default for a run is one worker fewer than the cores: one on this 2-core
      // machine, which leaves a core idle while a file waits on a child process (the CLI
      // tests). Two files at a time: unit 391 s → 202 s on a clean clone.
      maxWorkers: 2,
    },
  }),
);
