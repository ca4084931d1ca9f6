/**
 * The imported sources (generated/sources/) in the demo, vitest and `cli mock-server`: each is
 * answered at the app's base path for it (`/sources/<name>/…`) by its stateful REST engine
 * (../rest-source), which reads the source's document. The document is loaded and the engine
 * seeded on the source's first call, so the sign-in page and the homepage pay nothing for it.
 */
import { SOURCE_DOCUMENTS, SOURCES } from '@generated/sources';
import { isRecord } from '@/core/guards';
import { createRestSource, type RestSource } from '../rest-source/engine';
import { problem } from '../rest-source/problem';
import { http } from '../http-wrapper';

const engines = new Map<string, Promise<RestSource | undefined>>();

function engineOf(name: string): Promise<RestSource | undefined> {
  let engine = engines.get(name);
  if (!engine) {
    const source = SOURCES.find((candidate) => candidate.name === name);
    const load = SOURCE_DOCUMENTS[name];
    engine =
      source && load
        ? load().then((document) =>
            isRecord(document)
              ? createRestSource(document, { seed: name, basePath: source.basePath })
              : undefined,
          )
        : Promise.resolve(undefined);
    engines.set(name, engine);
  }
  return engine;
}

export const sourceHandlers = [
  // Any origin (the page's in the demo, the server's own in `cli mock-server`), path only.
  http.all(/^[a-z]+:\/\/[^/]+\/sources\/[a-z][a-z0-9-]*(?:[/?#]|$)/, async ({ request }) => {
    const name = /^\/sources\/([a-z][a-z0-9-]*)/.exec(new URL(request.url).pathname)?.[1];
    const engine = name === undefined ? undefined : await engineOf(name);
    if (!engine) return problem(404, 'No such source');
    return engine.handle(request);
  }),
];
