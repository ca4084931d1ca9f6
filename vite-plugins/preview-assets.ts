/**
 * `vite preview` serves the hashed assets as deploy/nginx.conf does: cached for a year, never
 * revalidated (a new build names its files anew), and gzipped — each file once. Vite's own
 * preview compresses every answer again as it sends it; a hashed file never changes while the
 * server runs, so the first compression of it is kept in memory and sent to every later request
 * (the journeys open each screen in a fresh browser context, whose cache is empty: ~2.5 MB of
 * scripts a signed-in screen, about 90 ms of gzip each time).
 * Without the cache header, every page load asked the server again for each of the ~70 modules
 * a screen imports, and the answers (304) cost the browser as much CPU as the page itself:
 * reloading a screen 21 times took 17–21 CPU-seconds against 9–13.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const gzipped = promisify(gzip);

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The types of the built files worth compressing (what Vite's compression would compress). */
const COMPRESSIBLE: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain',
};

/** Vite's compression leaves smaller answers as they are. */
const MIN_BYTES = 1024;

interface Compressed {
  body: Buffer;
  type: string;
}

/** The path of an asset request inside `assetsDir`, or undefined (not one, or outside it). */
function assetFile(url: string, assetsPrefix: string, assetsDir: string): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://preview').pathname);
  } catch {
    return undefined;
  }
  if (!pathname.startsWith(assetsPrefix)) return undefined;
  const file = path.resolve(assetsDir, `.${path.sep}${pathname.slice(assetsPrefix.length)}`);
  return file.startsWith(`${assetsDir}${path.sep}`) ? file : undefined;
}

export function previewAssets(): Plugin {
  let assetsPrefix = '/assets/';
  let assetsDir = '';
  return {
    name: 'preview-assets',
    configResolved(config) {
      assetsPrefix = `${config.base.replace(/\/$/, '')}/${config.build.assetsDir}/`;
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    configurePreviewServer(server) {
      /**
       * Per file of the build: its gzip. Only files that were compressed stay: an address of a
       * missing file (any a client cares to send) or a small one leaves nothing behind.
       */
      const compressed = new Map<string, Promise<Compressed | undefined>>();
      const compress = async (file: string): Promise<Compressed | undefined> => {
        const type = COMPRESSIBLE[path.extname(file)];
        if (!type) return undefined;
        const bytes = await readFile(file).catch(() => undefined);
        if (!bytes || bytes.length < MIN_BYTES) return undefined;
        return { body: await gzipped(bytes), type };
      };
      // Registered here, ahead of Vite's own compression and static files.
      server.middlewares.use((request, response, next) => {
        const file = request.url ? assetFile(request.url, assetsPrefix, assetsDir) : undefined;
        if (!file) return next();
        response.setHeader('Cache-Control', IMMUTABLE);
        const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
        if (!acceptsGzip || (request.method !== 'GET' && request.method !== 'HEAD')) return next();
        let entry = compressed.get(file);
        if (!entry) {
          entry = compress(file);
          compressed.set(file, entry);
        }
        entry.then(
          (found) => {
            if (!found) {
              compressed.delete(file);
              return next();
            }
            response.writeHead(200, {
              'Content-Type': found.type,
              'Content-Encoding': 'gzip',
              'Content-Length': found.body.length,
              Vary: 'Accept-Encoding',
            });
            response.end(request.method === 'HEAD' ? undefined : found.body);
          },
          () => {
            compressed.delete(file);
            next();
          },
        );
      });
    },
  };
}
