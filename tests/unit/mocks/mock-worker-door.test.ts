// @vitest-environment node
/**
 * public/mock-worker.js, the demo's service worker, run as a worker would run it (its URL as
 * the page registers it, msw's script imported after it): the app's own files stop at its door
 * and go to the server; calls, uploaded files and everything else reach msw's listener.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mockWorkerUrl } from '@/mocks/app-files';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

type Listener = (event: FetchLike) => void;

interface FetchLike {
  request: { url: string };
  stopImmediatePropagation: () => void;
}

/** The worker at `base` on http://localhost: what reaches msw's fetch listener. */
async function workerAt(base: string) {
  const source = await readFile(path.join(REPO, 'public/mock-worker.js'), 'utf8');
  const listeners: Listener[] = [];
  const imported: string[] = [];
  const reachedMsw: string[] = [];
  const self = {
    location: new URL(mockWorkerUrl(base), 'http://localhost'),
    addEventListener: (type: string, listener: Listener) => {
      if (type === 'fetch') listeners.push(listener);
    },
  };
  runInNewContext(source, {
    self,
    URL,
    RegExp,
    importScripts: (script: string) => {
      imported.push(script);
      // msw's script registers its own fetch listener after ours.
      self.addEventListener('fetch', (event) => reachedMsw.push(event.request.url));
    },
  });
  const fetch = (url: string) => {
    let stopped = false;
    const event: FetchLike = {
      request: { url },
      stopImmediatePropagation: () => {
        stopped = true;
      },
    };
    for (const listener of listeners) {
      listener(event);
      if (stopped) break;
    }
  };
  return { fetch, reachedMsw, imported };
}

describe('the demo’s service worker', () => {
  it('loads msw’s worker script after its own door', async () => {
    const worker = await workerAt('/');
    expect(worker.imported).toEqual(['./mockServiceWorker.js']);
  });

  it('lets the app’s own files past msw, and sends calls and uploaded files to it', async () => {
    const worker = await workerAt('/');
    const appFiles = [
      'http://localhost/assets/boot-D2Rfk3yC.js',
      'http://localhost/assets/theme-BTd_fa2I.css',
      'http://localhost/src/main.tsx',
      'http://localhost/node_modules/.vite/deps/react.js',
      'http://localhost/@vite/client',
    ];
    const mocked = [
      'http://localhost/api/adminnotice/list',
      'http://localhost/ueditor/ue?action=config',
      'http://localhost/storage/2025/11/a.png',
      'http://localhost/api/assets/list',
      // Another origin's assets/ is not the app's.
      'http://cdn.example.com/assets/x.js',
    ];
    for (const url of [...appFiles, ...mocked]) worker.fetch(url);
    expect(worker.reachedMsw).toEqual(mocked);
  });

  it('reads the app’s files from its own folder when the app lives under a base', async () => {
    const worker = await workerAt('/admin/');
    worker.fetch('http://localhost/admin/assets/boot.js');
    worker.fetch('http://localhost/assets/boot.js');
    worker.fetch('http://localhost/admin/api/login');
    expect(worker.reachedMsw).toEqual([
      'http://localhost/assets/boot.js',
      'http://localhost/admin/api/login',
    ]);
  });
});
