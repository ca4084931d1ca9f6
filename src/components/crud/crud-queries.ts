/**
 * Query and mutation factories of one ModuleDefinition: query key and function travel
 * together (queryOptions); every mutation invalidates the module's list key (and the
 * recycle-bin key when it moves records in or out of the bin).
 */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError, type Envelope } from '@/lib/request';
import { notify } from '@/lib/notify';
import { crud as t } from '@/locale/crud';
import type { ListQuery, ModuleDefinition, ModuleRecord, RecordId } from './module-definition';

export type ListSource = 'list' | 'mylist';

export function crudKeys(moduleKey: string) {
  return {
    all: ['crud', moduleKey] as const,
    lists: () => ['crud', moduleKey, 'list'] as const,
    list: (source: ListSource, query: ListQuery) =>
      ['crud', moduleKey, 'list', source, query] as const,
    recycles: () => ['crud', moduleKey, 'recycle'] as const,
    recycle: (query: ListQuery) => ['crud', moduleKey, 'recycle', query] as const,
    info: (id: RecordId) => ['crud', moduleKey, 'info', id] as const,
  };
}

/** The envelope's data when status says success (200, or 1 "accepted"); else an ApiError. */
export function unwrap<T>(envelope: Envelope<T>): T {
  if (envelope.status === 200 || envelope.status === 1) return envelope.data as T;
  throw new ApiError(envelope.msg, envelope, envelope.status);
}

function missing(module: ModuleDefinition, call: string): never {
  throw new Error(`${module.key}: the module has no "${call}" call`);
}

export function createCrudQueries<TRow = ModuleRecord>(module: ModuleDefinition<TRow>) {
  const keys = crudKeys(module.key);
  return {
    keys,
    list: (query: ListQuery, source: ListSource = 'list') =>
      queryOptions({
        queryKey: keys.list(source, query),
        queryFn: async () =>
          unwrap(await (module.api[source] ?? missing(module as ModuleDefinition, source))(query)),
        placeholderData: keepPreviousData,
      }),
    recycle: (query: ListQuery) =>
      queryOptions({
        queryKey: keys.recycle(query),
        queryFn: async () =>
          unwrap(
            await (module.api.recycle ?? missing(module as ModuleDefinition, 'recycle'))(query),
          ),
        placeholderData: keepPreviousData,
      }),
    info: (id: RecordId) =>
      queryOptions({
        queryKey: keys.info(id),
        queryFn: async () =>
          unwrap(await (module.api.info ?? missing(module as ModuleDefinition, 'info'))(id)),
        staleTime: 0,
      }),
  };
}

/**
 * Mutation options per call. `onSuccess` shows the success toast and refreshes the lists;
 * errors are not toasted here because the request client already shows the server's message.
 */
export function createCrudMutations<TRow = ModuleRecord>(
  module: ModuleDefinition<TRow>,
  client: QueryClient,
) {
  const keys = crudKeys(module.key);
  const api = module.api;
  const call =
    <A extends unknown[]>(
      name: keyof typeof api,
      fn: ((...args: A) => Promise<Envelope<unknown>>) | undefined,
    ) =>
    async (...args: A) =>
      unwrap(await (fn ?? missing(module as ModuleDefinition, String(name)))(...args));
  const refresh = (withRecycle = false) =>
    Promise.all([
      client.invalidateQueries({ queryKey: keys.lists() }),
      withRecycle ? client.invalidateQueries({ queryKey: keys.recycles() }) : undefined,
    ]);
  const done =
    (message: string, withRecycle = false) =>
    () => {
      notify.success(message);
      return refresh(withRecycle);
    };

  return {
    add: {
      mutationFn: (body: Partial<TRow>) => call('add', api.add)(body),
      onSuccess: done(t.addSuccess),
    },
    edit: {
      mutationFn: (body: Partial<TRow>) => call('edit', api.edit)(body),
      onSuccess: async (_: unknown, body: Partial<TRow>) => {
        notify.success(t.editSuccess);
        const id = (body as ModuleRecord)[module.primaryKey] as RecordId | undefined;
        await Promise.all([
          refresh(),
          id === undefined ? undefined : client.invalidateQueries({ queryKey: keys.info(id) }),
        ]);
      },
    },
    remove: {
      mutationFn: (id: RecordId) => call('delete', api.delete)(id),
      onSuccess: done(t.deleteSuccess, true),
    },
    disable: {
      mutationFn: ({ id, status }: { id: RecordId; status: number }) =>
        call('disable', api.disable)(id, status),
      onSuccess: done(t.statusSuccess),
    },
    updatefield: {
      mutationFn: ({ id, field, value }: { id: RecordId; field: string; value: unknown }) =>
        call('updatefield', api.updatefield)(id, field, value),
      onSuccess: done(t.updateFieldSuccess),
    },
    restore: {
      mutationFn: (id: RecordId) => call('restore', api.restore)(id),
      onSuccess: done(t.restoreSuccess, true),
    },
    destroy: {
      mutationFn: (id: RecordId) => call('destroy', api.destroy)(id),
      onSuccess: done(t.destroySuccess, true),
    },
    resetpassword: {
      mutationFn: (id: RecordId) => call('resetpassword', api.resetpassword)(id),
      onSuccess: () => notify.success(t.resetPasswordSuccess),
    },
    import: {
      mutationFn: (file: File) => call('import', api.import)(file),
      onSuccess: done(t.importSuccess),
    },
  };
}
