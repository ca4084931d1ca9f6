/**
 * Query and mutation factories of one ModuleDefinition: query key and function travel
 * together (queryOptions); every mutation invalidates the module's list key (and the
 * recycle-bin key when it moves records in or out of the bin). The keys are orval's
 * (`['/api/adminnotice/list', query]`), so any generated hook's invalidation reaches the
 * screens too.
 */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/notify';
import { crud as t } from '@/locale/crud';
import type {
  ListQuery,
  ModuleApi,
  ModuleDefinition,
  ModuleRecord,
  RecordId,
  SwitchValue,
} from './module-definition';

export type ListSource = 'list' | 'mylist';

/**
 * The module's query keys: its list calls' own (orval) key functions, or the same
 * `[path, params]` scheme for a module that brings none (a runtime module); `info` is a POST
 * call, keyed the same way by its path and body.
 */
export function crudKeys(module: Pick<ModuleDefinition, 'group' | 'queryKeys'>) {
  const path = (call: string) => `/api/${module.group}/${call}`;
  const keyOf =
    (call: 'list' | 'mylist' | 'recycle') =>
    (query?: ListQuery): readonly unknown[] =>
      module.queryKeys[call]?.(query) ?? [path(call), ...(query ? [query] : [])];
  return {
    /** Every page of the list and of mylist (the prefixes invalidated after a change). */
    lists: () => [keyOf('list')(), keyOf('mylist')()],
    list: (source: ListSource, query: ListQuery) => keyOf(source)(query),
    recycles: () => keyOf('recycle')(),
    recycle: (query: ListQuery) => keyOf('recycle')(query),
    info: (id: RecordId) => [path('info'), { id: { id } }] as const,
  };
}

/**
 * The module's call `name`, looked up when it is made: a module without it throws. A call
 * resolves only with a successful envelope (the request mutator throws ApiError otherwise).
 */
function callOf<TRow, K extends keyof ModuleApi<TRow>>(
  module: ModuleDefinition<TRow>,
  name: K,
): NonNullable<ModuleApi<TRow>[K]> {
  const fn = module.api[name];
  if (!fn) throw new Error(`${module.key}: the module has no "${name}" call`);
  return fn;
}

/** The data of a call's (successful) envelope; one without any broke the contract. */
async function dataOf<T>(answer: Promise<{ data?: T }>): Promise<T> {
  const { data } = await answer;
  if (data === undefined) throw new Error('a successful answer without data');
  return data;
}

export function createCrudQueries<TRow extends ModuleRecord = ModuleRecord>(
  module: ModuleDefinition<TRow>,
) {
  const keys = crudKeys(module);
  return {
    keys,
    list: (query: ListQuery, source: ListSource = 'list') =>
      queryOptions({
        queryKey: keys.list(source, query),
        queryFn: () => dataOf(callOf(module, source)(query)),
        placeholderData: keepPreviousData,
      }),
    recycle: (query: ListQuery) =>
      queryOptions({
        queryKey: keys.recycle(query),
        queryFn: () => dataOf(callOf(module, 'recycle')(query)),
        placeholderData: keepPreviousData,
      }),
    info: (id: RecordId) =>
      queryOptions({
        queryKey: keys.info(id),
        queryFn: () => readRecord(module, id),
        staleTime: 0,
      }),
  };
}

/** The record as the server holds it now (the info call), past every cache. */
export function readRecord<TRow>(module: ModuleDefinition<TRow>, id: RecordId): Promise<TRow> {
  return dataOf(callOf(module, 'info')(id));
}

/**
 * Mutation options per call. `onSuccess` shows the success toast and refreshes the lists;
 * errors are not toasted here because the request client already shows the server's message.
 */
export function createCrudMutations<TRow extends ModuleRecord = ModuleRecord>(
  module: ModuleDefinition<TRow>,
  client: QueryClient,
) {
  const keys = crudKeys(module);
  const refresh = (withRecycle = false) =>
    Promise.all([
      ...keys.lists().map((queryKey) => client.invalidateQueries({ queryKey })),
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
      mutationFn: (body: Partial<TRow>) => callOf(module, 'add')(body),
      onSuccess: done(t.addSuccess),
    },
    edit: {
      mutationFn: (body: Partial<TRow>) => callOf(module, 'edit')(body),
      onSuccess: async (_: unknown, body: Partial<TRow>) => {
        notify.success(t.editSuccess);
        const id = body[module.primaryKey];
        await Promise.all([
          refresh(),
          typeof id === 'number' || typeof id === 'string'
            ? client.invalidateQueries({ queryKey: keys.info(id) })
            : undefined,
        ]);
      },
    },
    remove: {
      mutationFn: (id: RecordId) => callOf(module, 'delete')(id),
      onSuccess: done(t.deleteSuccess, true),
    },
    disable: {
      mutationFn: ({ id, status }: { id: RecordId; status: SwitchValue }) =>
        callOf(module, 'disable')(id, status),
      onSuccess: done(t.statusSuccess),
    },
    updatefield: {
      mutationFn: ({ id, field, value }: { id: RecordId; field: string; value: unknown }) =>
        callOf(module, 'updatefield')(id, field, value),
      onSuccess: done(t.updateFieldSuccess),
    },
    restore: {
      mutationFn: (id: RecordId) => callOf(module, 'restore')(id),
      onSuccess: done(t.restoreSuccess, true),
    },
    destroy: {
      mutationFn: (id: RecordId) => callOf(module, 'destroy')(id),
      onSuccess: done(t.destroySuccess, true),
    },
    import: {
      mutationFn: (file: File) => callOf(module, 'import')(file),
      onSuccess: done(t.importSuccess),
    },
  };
}
