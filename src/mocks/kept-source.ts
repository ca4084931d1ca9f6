/**
 * A REST source's engine (./rest-source) whose records live in a table of the mock's store,
 * one row holding them all: after every write the engine's state is put there and stored —
 * browser storage in the demo, the database of `--data-dir` in `cli mock-server` — before the
 * answer goes out, so an acknowledged write survives a reload or a restart. The engine is made
 * on the first call from what the table keeps; after the demo's reset has emptied the table,
 * the source is seeded afresh on its next call.
 */
import type { RestSource } from './rest-source/engine';
import { persist, READ_ONLY_METHODS, table } from './store';

export interface KeptSource {
  /**
   * The engine's answer, once a successful write is stored. Throws the store's
   * `StorageFullError` when it cannot be: the write is dropped with the engine that held it.
   */
  handle(request: Request): Promise<Response>;
}

interface Mounted {
  engine: RestSource;
  /** Whether the store's table holds this engine's records (a reset empties it). */
  stored: boolean;
}

/**
 * @param tableName the store table holding the source's records
 * @param create    the engine, given the records kept (undefined: seed afresh)
 */
export function keptSource(
  tableName: string,
  create: (kept: unknown) => RestSource | Promise<RestSource>,
): KeptSource {
  let mounted: Promise<Mounted> | undefined;

  async function mount(): Promise<Mounted> {
    const kept: unknown = table(tableName).rows[0]?.state;
    return { engine: await create(kept), stored: kept !== undefined };
  }

  async function current(): Promise<Mounted> {
    if (mounted) {
      const found = await mounted;
      // Reset since the last write: seed afresh.
      if (!(found.stored && table(tableName).rows.length === 0)) return found;
    }
    const next = mount();
    mounted = next;
    // A source that could not be made (its document failed to load) is tried again next call.
    next.catch(() => {
      if (mounted === next) mounted = undefined;
    });
    return next;
  }

  return {
    async handle(request) {
      const found = await current();
      const answer = await found.engine.handle(request);
      if (READ_ONLY_METHODS.has(request.method.toUpperCase()) || !answer.ok) return answer;
      table(tableName).rows = [{ state: found.engine.state() }];
      try {
        persist();
      } catch (error) {
        // Not stored: the store has put the table back, and the engine, which holds the write,
        // is dropped; the next call makes it again from what was kept.
        mounted = undefined;
        throw error;
      }
      found.stored = true;
      return answer;
    },
  };
}
