/**
 * The mock backend over real HTTP (`npm run cli -- mock-server --port <p>`), the same
 * handlers as the browser worker and vitest, through @mswjs/http-middleware. Answers CORS
 * preflights so an app on another origin can use it.
 */
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer } from '@mswjs/http-middleware';
import { RequestHandler } from 'msw';
import { handlers } from './handlers';

export interface RunningMockServer {
  url: string;
  close(): Promise<void>;
}

function allowCrossOrigin(request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
  response.setHeader('Access-Control-Allow-Methods', 'GET,POST,PUT,PATCH,DELETE,OPTIONS');
  response.setHeader(
    'Access-Control-Allow-Headers',
    request.headers['access-control-request-headers'] ??
      'content-type,access-token,user-tag,accesstoken',
  );
  response.setHeader('Access-Control-Expose-Headers', 'content-disposition,x-mock-only');
  response.setHeader('Vary', 'Origin');
}

export async function startMockServer(options: {
  port: number;
  host?: string;
}): Promise<RunningMockServer> {
  const host = options.host ?? '127.0.0.1';
  const app = createServer(
    ...handlers.filter((handler): handler is RequestHandler => handler instanceof RequestHandler),
  );
  const server = createHttpServer((request, response) => {
    allowCrossOrigin(request, response);
    if (request.method === 'OPTIONS') {
      response.statusCode = 204;
      response.end();
      return;
    }
    app(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
