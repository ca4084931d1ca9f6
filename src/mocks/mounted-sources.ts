/**
 * Imported REST sources mounted at their server paths (`/v3`) by `cli mock-server --source`: a
 * request under a mount goes to that source's engine, which answers REST (status codes,
 * problem+json). Records are kept like the tables (store table `mount:<name>`, ./kept-source).
 */
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { BODY_LIMIT } from './limits';
import { StorageFullError } from './store';
import { fetchHeaders, readBody, writeResponse } from './http-io';
import type { RestSource } from './rest-source/engine';
import { keptSource, type KeptSource } from './kept-source';
import { problem } from './rest-source/problem';

/** The source mounted at the path, if any (`/v3/pet` → the petstore source at `/v3`). */
export function sourceFor(
  sources: readonly MountedSource[],
  pathname: string,
): KeptSource | undefined {
  return sources.find(
    ({ basePath }) => pathname === basePath || pathname.startsWith(`${basePath}/`),
  )?.kept;
}

export interface MountedSource {
  basePath: string;
  kept: KeptSource;
}

/** Each source's records in the store table `mount:<name>`, seeded afresh when it holds none. */
export function mountSources(sources: readonly RestSource[]): MountedSource[] {
  return sources.map((source) => ({
    basePath: source.basePath,
    kept: keptSource(`mount:${source.name}`, (state) => source.withState(state)),
  }));
}

export async function serveSource(
  source: KeptSource,
  url: URL,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const method = request.method ?? 'GET';
  let body: Buffer | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const declared = Number(request.headers['content-length']);
    body =
      Number.isFinite(declared) && declared > BODY_LIMIT
        ? undefined
        : await readBody(request, BODY_LIMIT);
    if (!body) {
      // Answered, then the connection closes (Connection: close) without reading the rest.
      await writeResponse(
        response,
        problem(413, `The body is over ${BODY_LIMIT} bytes`, undefined, { Connection: 'close' }),
      );
      return;
    }
  }
  const fetchRequest = new Request(url, {
    method,
    headers: fetchHeaders(request.headers),
    body: body && new Uint8Array(body),
  });
  const answer = await source.handle(fetchRequest).catch((error: unknown) => {
    // Not on disk: refused in the source's own protocol, never acknowledged.
    if (error instanceof StorageFullError) return problem(507, error.message);
    throw error;
  });
  await writeResponse(response, answer);
}
