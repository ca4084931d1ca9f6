/**
 * The imported sources (generated/sources/) in the demo, vitest and `cli mock-server`: each is
 * answered at the app's base path for it (`/sources/<name>/…`) by its stateful REST engine
 * (../rest-source), which reads the source's document. The document is loaded and the engine
 * seeded on the source's first call, so the sign-in page and the homepage pay nothing for it.
 *
 * Its records live in a table of the mock's store (`source:<name>`, one row holding them all):
 * after every write the engine's state is put there, and the `http` wrapper stores the tables
 * before the answer goes out — browser storage in the demo, the journal of `--data-dir` — so an
 * acknowledged write survives a reload or a restart. The demo's reset empties the table, and the
 * source is seeded afresh on its next call.
 */
import { SOURCE_DOCUMENTS, SOURCES } from '@generated/sources';
import { isRecord } from '@/core/guards';
import { createRestSource, type RestSource } from '../rest-source/engine';
import { problem } from '../rest-source/problem';
import { answerStorageFullWith, http } from '../http-wrapper';
import { persist, registerSeed, table } from '../store';

const tableName = (source: string) => `source:${source}`;

// Declared, so the demo's reset puts each source's table back to empty.
registerSeed(() => Object.fromEntries(SOURCES.map((source) => [tableName(source.name), []])));

interface Mounted {
  engine: RestSource;
  /** Whether the store's table holds this engine's records (a reset empties it). */
  stored: boolean;
}

const mounted = new Map<string, Promise<Mounted | undefined>>();

async function mount(name: string): Promise<Mounted | undefined> {
  const source = SOURCES.find((candidate) => candidate.name === name);
  const load = SOURCE_DOCUMENTS[name];
  if (!source || !load) return undefined;
  const document = await load();
  if (!isRecord(document)) return undefined;
  const kept = table(tableName(name)).rows[0]?.state;
  const engine = createRestSource(document, {
    seed: name,
    basePath: source.basePath,
    state: kept,
  });
  return { engine, stored: kept !== undefined };
}

async function engineOf(name: string): Promise<Mounted | undefined> {
  let found = mounted.get(name);
  const current = await found;
  // Reset since the last write: seed afresh.
  if (current?.stored && table(tableName(name)).rows.length === 0) found = undefined;
  if (!found) {
    found = mount(name);
    mounted.set(name, found);
  }
  return found;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

const isSourceCall = (request: Request) => new URL(request.url).pathname.startsWith('/sources/');

// A write that could not be kept is answered in the source's own protocol: a 507 problem.
answerStorageFullWith((request, message) =>
  isSourceCall(request) ? problem(507, message) : undefined,
);

export const sourceHandlers = [
  // Any origin (the page's in the demo, the server's own in `cli mock-server`), path only.
  http.all(/^[a-z]+:\/\/[^/]+\/sources\/[a-z][a-z0-9-]*(?:[/?#]|$)/, async ({ request }) => {
    const name = /^\/sources\/([a-z][a-z0-9-]*)/.exec(new URL(request.url).pathname)?.[1];
    const found = name === undefined ? undefined : await engineOf(name);
    if (!found || name === undefined) return problem(404, 'No such source');
    const answer = await found.engine.handle(request);
    if (!READS.has(request.method.toUpperCase()) && answer.ok) {
      table(tableName(name)).rows = [{ state: found.engine.state() }];
      try {
        persist();
      } catch (error) {
        // Not stored (the demo's storage is full, the server's disk failed): the store has put
        // the table back, and the engine, which holds the write, is dropped; the next call
        // mounts it again from what was kept. The wrapper answers the error.
        mounted.delete(name);
        throw error;
      }
      found.stored = true;
    }
    return answer;
  }),
];
