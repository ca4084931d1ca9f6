/**
 * Imported REST sources mounted by `cli mock-server --source`, each under its own prefix
 * `/sources/<name>` — where the app calls it — whatever its server path, and also at its server
 * path (`/v3`) where that path is free: never over the back-office's own paths (`/api`, …) nor
 * another source's. A request under a mount goes to that source's engine, which answers REST
 * (status codes, problem+json). Records are kept like the tables (store table `mount:<name>`,
 * ./kept-source).
 */
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { backOfficePathAt, pathsOverlap, sourcePrefix } from '@/core/openapi-server';
import { BODY_LIMIT } from './limits';
import { StorageFullError } from './store';
import { fetchHeaders, readBody, writeResponse } from './http-io';
import type { RestSource } from './rest-source/engine';
import { keptSource, type KeptSource } from './kept-source';
import { problem } from './rest-source/problem';

export interface MountedSource {
  name: string;
  /** The paths it answers under: `/sources/<name>` first, then its server path where free. */
  prefixes: string[];
  /** The engine's own base path: a call under another prefix is handed to it there. */
  basePath: string;
  kept: KeptSource;
}

/** A call under a mount: the source, and the prefix the call came under. */
export interface MountedCall {
  source: MountedSource;
  prefix: string;
}

/**
 * The paths each source answers under, in the order given: its own prefix, then its engine's
 * base path and its server path when neither is a back-office path nor overlaps a path taken
 * before. (`/api/v1` of a source stays unmounted: `/sources/<name>` is the way to it.)
 */
export function mountPrefixes(sources: readonly RestSource[]): string[][] {
  const taken = sources.map((source) => sourcePrefix(source.name));
  return sources.map((source) => {
    const prefixes = [sourcePrefix(source.name)];
    for (const path of [source.basePath, source.serverPath]) {
      const free =
        path !== '' &&
        backOfficePathAt(path) === undefined &&
        !taken.some((other) => pathsOverlap(other, path));
      if (!free) continue;
      prefixes.push(path);
      taken.push(path);
    }
    return prefixes;
  });
}

/** The source mounted at the path, if any (`/v3/pet` → petstore, under `/v3`). */
export function sourceFor(
  sources: readonly MountedSource[],
  pathname: string,
): MountedCall | undefined {
  for (const source of sources) {
    const prefix = source.prefixes.find(
      (mount) => pathname === mount || pathname.startsWith(`${mount}/`),
    );
    if (prefix !== undefined) return { source, prefix };
  }
  return undefined;
}

/** Each source's records in the store table `mount:<name>`, seeded afresh when it holds none. */
export function mountSources(sources: readonly RestSource[]): MountedSource[] {
  const prefixes = mountPrefixes(sources);
  return sources.map((source, index) => ({
    name: source.name,
    prefixes: prefixes[index] ?? [sourcePrefix(source.name)],
    basePath: source.basePath,
    kept: keptSource(`mount:${source.name}`, (state) => source.withState(state)),
  }));
}

/** The call answered by its source's engine, which is handed it under its own base path. */
export async function serveSource(
  call: MountedCall,
  received: URL,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const source = call.source.kept;
  const url = new URL(received);
  url.pathname = `${call.source.basePath}${received.pathname.slice(call.prefix.length)}`;
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
