/**
 * A nested collection (a book's reviews, `/books/{isbn}/reviews`) seen under one parent record:
 * its list and add carry the parent's key, which fills the path placeholder of the same name
 * (the adapter puts a query value that names a placeholder in the path, not the query), and
 * its list's cache keys carry it too, so two books' reviews never share a page.
 */
import type { ListQuery, ModuleRecord } from '@/core/module';
import type { RestModuleApi, RestModuleQueryKeys } from './adapter';

interface NestedParts<TRow> {
  api: RestModuleApi<TRow>;
  queryKeys: RestModuleQueryKeys;
}

export function underParent<TRow, TModule extends NestedParts<TRow>>(
  module: TModule,
  param: string,
  key: string,
): TModule {
  const list = module.api.list?.bind(module.api);
  const add = module.api.add?.bind(module.api);
  const keys = module.queryKeys;
  const withKey = (query: ListQuery): ListQuery => ({ ...query, [param]: key });
  return {
    ...module,
    api: {
      ...module.api,
      ...(list ? { list: (query: ListQuery) => list(withKey(query)) } : {}),
      ...(add ? { add: (body: ModuleRecord) => add({ ...body, [param]: key }) } : {}),
    },
    queryKeys: {
      ...keys,
      // Without a query: the prefix of this parent's pages (what a change invalidates).
      ...(keys.list
        ? {
            list: (query?: ListQuery) => {
              const prefix = [...(keys.list?.() ?? []), param, key];
              return query ? [...prefix, withKey(query)] : prefix;
            },
          }
        : {}),
    },
  };
}
