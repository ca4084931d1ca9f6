/**
 * Entry: start the mock backend when built without a server (`__MOCK_BACKEND__`), join the
 * tabs' shared session, then render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import '@/layout/shell.css';
import { initSessionSharing } from '@/lib/session';
import { App } from './app';

async function startMockBackend(): Promise<void> {
  if (!__MOCK_BACKEND__) return;
  // Optional until the mock-backend work lands: the glob is empty when the file is absent.
  const loaders = import.meta.glob<{ startMockWorker?: () => Promise<unknown> }>(
    '../mocks/browser.ts',
  );
  for (const load of Object.values(loaders)) {
    const module = await load();
    await module.startMockWorker?.();
  }
}

async function boot(): Promise<void> {
  await Promise.all([startMockBackend(), initSessionSharing()]);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing in index.html');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
