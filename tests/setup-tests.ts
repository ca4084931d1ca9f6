import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The default 1 s wait for findBy*/waitFor is too short on a loaded 2-core CI machine: PrimeReact
// panels and lazy option queries sometimes need longer. A real failure still fails, only later.
configure({ asyncUtilTimeout: 5000 });

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => cleanup());
