/**
 * The imported sources (generated/sources/) in the demo, vitest and `cli mock-server`: each is
 * answered at the app's base path for it (`/sources/<name>/…`) by its stateful REST engine
 * (../rest-source), which reads the source's document. The document is loaded and the engine
 * seeded on the source's first call, so the sign-in page and the homepage pay nothing for it.
 * Its records live in the store table `source:<name>` (../kept-source): an acknowledged write
 * survives a reload or a restart, and the demo's reset seeds the source afresh.
 */
import { SOURCE_DOCUMENTS, SOURCES } from '@generated/sources';
import { isRecord } from '@/core/guards';
import { problem } from '../rest-source/problem';
import { answerStorageFullWith, http } from '../http-wrapper';
import { keptSource, type KeptSource } from '../kept-source';
import { registerSeed } from '../store';

const tableName = (source: string) => `source:${source}`;

// Declared, so the demo's reset puts each source's table back to empty.
registerSeed(() => Object.fromEntries(SOURCES.map((source) => [tableName(source.name), []])));

/** Each generated source, its document loaded on its first call. */
const kept = new Map<string, KeptSource>(
  SOURCES.flatMap((source) => {
    const load = SOURCE_DOCUMENTS[source.name];
    if (!load) return [];
    const engine = keptSource(tableName(source.name), async (state) => {
      const document = await load();
      if (!isRecord(document)) throw new Error(`source ${source.name}: its document is no object`);
      // Loaded here, with the validator it brings (ajv): pages that call no source never pay for it.
      const { createRestSource } = await import('../rest-source/engine');
      return createRestSource(document, { seed: source.name, basePath: source.basePath, state });
    });
    return [[source.name, engine] as const];
  }),
);

const isSourceCall = (request: Request) => new URL(request.url).pathname.startsWith('/sources/');

// A write that could not be kept is answered in the source's own protocol: a 507 problem.
answerStorageFullWith((request, message) =>
  isSourceCall(request) ? problem(507, message) : undefined,
);

export const sourceHandlers = [
  // Any origin (the page's in the demo, the server's own in `cli mock-server`), path only.
  http.all(/^[a-z]+:\/\/[^/]+\/sources\/[a-z][a-z0-9-]*(?:[/?#]|$)/, async ({ request }) => {
    const name = /^\/sources\/([a-z][a-z0-9-]*)/.exec(new URL(request.url).pathname)?.[1];
    const source = name === undefined ? undefined : kept.get(name);
    if (!source) return problem(404, 'No such source');
    return source.handle(request);
  }),
];
