import { afterAll, afterEach } from 'vitest';
import { removeTempDirs } from './temp-dirs';

// Each file's temp dirs go when it is done (tests/temp-dirs.ts says why the hook is here).
afterAll(removeTempDirs);

// The DOM helpers only where there is a DOM: a file that runs in Node's environment (the
// generator, the CLI, the mock server) would pay ~0.3 s to load React and Testing Library for
// nothing.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup, configure } = await import('@testing-library/react');
  // The default 1 s wait for findBy*/waitFor is too short on a loaded 2-core CI machine:
  // PrimeReact panels and lazy option queries sometimes need longer. A real failure still
  // fails, only later.
  configure({ asyncUtilTimeout: 5000 });
  // Without vitest globals Testing Library cannot register its own cleanup.
  afterEach(() => cleanup());
}
