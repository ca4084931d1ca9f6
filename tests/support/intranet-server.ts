/**
 * A server on this machine's loopback standing for what the remote image capture must never
 * reach (the server's own machine, its network): it serves an image, a page, a slow image, a huge
 * one, an empty answer and a redirect, and records every request that reaches it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A PNG signature and the start of its header: what the capture takes for an image. */
export const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2,
]);

export interface Intranet {
  port: number;
  /** The paths requested so far, in order. */
  reached: string[];
  close(): void;
}

/** Starts the server on `host` ('127.0.0.1', '::1') at a free port. */
export async function startIntranet(host: string): Promise<Intranet> {
  const reached: string[] = [];
  const server: Server = createServer((request, response) => {
    reached.push(request.url ?? '');
    // A capture that gives up on an answer is not this server's error.
    response.on('error', () => undefined);
    switch (request.url) {
      case '/image.png':
        response.writeHead(200, { 'Content-Type': 'image/png' });
        response.end(PNG);
        return;
      case '/page':
        response.writeHead(200, { 'Content-Type': 'text/html' });
        response.end('<h1>router admin</h1>');
        return;
      case '/slow.png':
        // Headers and the first bytes, then nothing: only a time limit ends it.
        response.writeHead(200, { 'Content-Type': 'image/png' });
        response.write(PNG);
        return;
      case '/huge.png': {
        // 8 MB with no length, for as long as the reader keeps reading.
        response.writeHead(200, { 'Content-Type': 'image/png' });
        response.write(PNG);
        for (let sent = 0; sent < 8 && !response.destroyed; sent += 1)
          response.write(new Uint8Array(1024 * 1024));
        response.end();
        return;
      }
      case '/empty':
        response.writeHead(204);
        response.end();
        return;
      case '/to-loopback':
        response.writeHead(302, { Location: '/image.png' });
        response.end();
        return;
      default:
        response.writeHead(404);
        response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    reached,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
