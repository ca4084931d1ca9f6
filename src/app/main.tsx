/**
 * Entry: link the light or dark theme and start the mock backend in the demo build and the mock
 * dev server (`__MOCK_BACKEND__`), then render; joining the tabs' shared session runs meanwhile (the route guard awaits it, so the first
 * screen's code loads in parallel rather than after a fixed wait).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './base.css';
import { initSessionSharing } from '@/lib/session';
import { initTheme } from '@/lib/theme';
import { App } from './app';
import { setPagePreloader } from '@/lib/page-preload';
import { preloadFirstPage, preloadPage } from './routes';

async function startMockBackend(): Promise<void> {
  // A constant at build time: the production build drops this import and the whole mock.
  if (!__MOCK_BACKEND__) return;
  const { startMockWorker } = await import('../mocks/browser');
  await startMockWorker();
}

async function boot(): Promise<void> {
  void initSessionSharing();
  setPagePreloader(preloadPage);
  preloadFirstPage(window.location);
  // The theme (the user's choice or the system's) is in place before the first render: no flash.
  await Promise.all([initTheme(), startMockBackend()]);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing in index.html');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
