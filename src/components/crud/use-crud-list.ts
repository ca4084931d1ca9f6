/**
 * The headless list controller: paging, keyword and filter search, row actions with their
 * permission checks, confirmations. CrudListView renders it with PrimeReact.
 */
import { useMemo, useRef, useState } from 'react';
import { usePrefetchQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIST_PAGE_SIZES } from '@/core/paging';
import { createCrudQueries, type ListSource } from './crud-queries';
import { usePermissionRefresh } from './permission-keys';
import { useRowCommands } from './use-row-commands';
import type { ListQuery, ModuleDefinition, ModuleRecord } from './module-definition';
import { textOf } from '@/core/guards';
import {
  readListAddress,
  writeListAddress,
  type ListAddressRules,
  type ListAddressState,
} from './list-address';
import { useListAddress } from './use-list-address';

export { usePendingConfirm, type PendingConfirm } from './use-row-commands';

export const PAGE_SIZES = LIST_PAGE_SIZES;
export const DEFAULT_PAGE_SIZE = 10;
/**
 * How long a change of page, order or search waits for its answer before the list shows it
 * loading. A quicker answer is shown in one render instead of two (the old rows under the
 * loading mask, then the new ones) — on a 50-row page that second render is most of the wait.
 */
export const SHOW_LIST_LOADING_AFTER_MS = 100;

export type FilterValues = Record<string, unknown>;

/** A filter value as a query parameter: arrays joined with commas, blanks dropped. */
function toParam(value: unknown): string | number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (Array.isArray(value)) return value.length ? value.join(',') : undefined;
  if (typeof value === 'number') return value;
  return textOf(value);
}

/** A list's order: a sortable column's field, ascending or descending. */
export interface ListSort {
  field: string;
  order: 'asc' | 'desc';
}

/** The list query for a page, the applied search and the order (pure; tested through the list). */
export function buildListQuery(
  page: { pageindex: number; pagesize: number },
  keyword: string,
  filters: FilterValues,
  sort?: ListSort | null,
): ListQuery {
  const query: ListQuery = { pageindex: page.pageindex, pagesize: page.pagesize };
  if (sort) {
    query.sortfield = sort.field;
    query.sortorder = sort.order;
  }
  const word = keyword.trim();
  if (word) query.keyword = word;
  for (const [name, value] of Object.entries(filters)) {
    const param = toParam(value);
    if (param !== undefined) query[name] = param;
  }
  return query;
}

/** The page a DataTable page event asks for: its `first` row index and rows per page. */
export const pageAt = (first: number, rows: number) => ({
  pageindex: Math.floor(first / rows) + 1,
  pagesize: rows,
});

/** Server-side paging as the table reads it: the page asked for, first row index, page size. */
export function usePaging() {
  const [page, setPage] = useState({ pageindex: 1, pagesize: DEFAULT_PAGE_SIZE });
  return {
    page,
    first: (page.pageindex - 1) * page.pagesize,
    pagesize: page.pagesize,
    /** DataTable page event: `first` row index and rows per page. */
    setPage: (first: number, rows: number) => setPage(pageAt(first, rows)),
    toFirstPage: () => setPage((current) => ({ ...current, pageindex: 1 })),
  };
}

export type Paging = ReturnType<typeof usePaging>;

/** The spec's page sizes, up to the largest page the module's API serves. */
export function pageSizesFor(module: Pick<ModuleDefinition, 'maxPageSize'>): number[] {
  const max = module.maxPageSize;
  return PAGE_SIZES.filter((size) => max === undefined || size <= max);
}

export interface CrudListOptions {
  source?: ListSource;
  /**
   * Keeps keyword, filters, page, size and order in the screen's address (the default); `false`
   * for a second list on a screen (a group's items beside the groups), which keeps its own.
   */
  inAddress?: boolean;
  /** Filters the screen sets with controls of its own (日志管理's time range), kept in the address too. */
  ownFilters?: readonly string[];
}

/** What the module's list takes from an address. */
function addressRules(
  module: ModuleDefinition,
  ownFilters: readonly string[] | undefined,
): ListAddressRules {
  return {
    pageSizes: pageSizesFor(module),
    defaultSize: DEFAULT_PAGE_SIZE,
    sortable: new Set(module.columns.filter((column) => column.sortable).map((c) => c.field)),
    searchFields: module.searchFields,
    ownFilters,
  };
}

/** The applied search of a state as text: what tells that the address brought another search. */
const searchTextOf = (state: ListAddressState, rules: ListAddressRules) =>
  writeListAddress('', { ...state, page: 1, size: rules.defaultSize, sort: null }, rules);

export function useCrudList<Row extends ModuleRecord>(
  module: ModuleDefinition<Row>,
  options: CrudListOptions = {},
) {
  const source = options.source ?? 'list';
  usePermissionRefresh();
  const client = useQueryClient();
  const queries = useMemo(() => createCrudQueries(module), [module]);
  const commands = useRowCommands(module);

  const address = useListAddress(options.inAddress ?? true);
  const rules = addressRules(module, options.ownFilters);
  const state = readListAddress(address.search, rules);
  const page = { pageindex: state.page, pagesize: state.size };
  const applied = { keyword: state.keyword, filters: state.filters };
  const { sort } = state;

  // The search bar's drafts start from the applied search, and follow it when the address
  // brings another one (back / forward, a link): React's "adjusting state on a prop change".
  const appliedText = searchTextOf(state, rules);
  const [drafts, setDrafts] = useState({ for: appliedText, ...applied });
  if (drafts.for !== appliedText) setDrafts({ for: appliedText, ...applied });

  const query = buildListQuery(page, applied.keyword, applied.filters, sort);
  /**
   * A change of page, order or search: its list is asked for from the event that makes it, so the
   * request runs while nothing else does, and the change is shown once the server has answered —
   * the new page with its rows in one render — or after SHOW_LIST_LOADING_AFTER_MS with the list
   * loading. Changes are shown in the order they were made. A cached page that is still fresh is
   * not asked again, unless `fresh` (搜索 and 重置 always ask the server). A change that failed
   * is shown too: the list then says it could not be loaded, with 重试.
   */
  const pendingChanges = useRef<Promise<void>>(Promise.resolve());
  const change = (target: Partial<ListAddressState>, fresh = false) => {
    const next: ListAddressState = { ...state, page: 1, ...target };
    const nextQuery = buildListQuery(
      { pageindex: next.page, pagesize: next.size },
      next.keyword,
      next.filters,
      next.sort,
    );
    const options = queries.list(nextQuery, source);
    const asked = fresh
      ? client.fetchQuery({ ...options, staleTime: 0 }).then(
          () => undefined,
          () => undefined,
        )
      : client.prefetchQuery(options);
    const ready = Promise.race([
      asked,
      new Promise<void>((resolve) => setTimeout(resolve, SHOW_LIST_LOADING_AFTER_MS)),
    ]);
    const search = address.search;
    pendingChanges.current = pendingChanges.current
      .then(() => ready)
      .then(() => address.go(writeListAddress(search, next, rules)));
  };
  const { pageindex: _pageindex, pagesize: _pagesize, ...exportQuery } = query;
  const { sortfield: _sortfield, sortorder: _sortorder, ...filterQuery } = exportQuery;
  // Asked for from the render, not once the list has been drawn and its effects run: on a slow
  // CPU the first render of a list takes a few hundred ms, and the list's call then waited
  // behind the form's code fetched ahead (useFormPrefetch) for the browser's six connections.
  usePrefetchQuery(queries.list(query, source));
  const result = useQuery(queries.list(query, source));
  const resetSearch = () => {
    setDrafts({ for: appliedText, keyword: '', filters: {} });
    change({ keyword: '', filters: {} }, true);
  };

  return {
    ...commands,
    module,
    rows: result.data?.data ?? [],
    total: result.data?.allcount ?? 0,
    query,
    /** The applied search without paging or order. */
    filterQuery,
    /** The applied search and the order without paging: what export downloads. */
    exportQuery,
    isLoading: result.isLoading,
    isFetching: result.isFetching,
    isError: result.isError,
    /** Why the list could not be loaded (the request client's message), while it could not. */
    loadError: result.error,
    /** 重试 after a failed load: the same page asked again. */
    retry: () => void result.refetch(),
    paging: {
      page,
      first: (page.pageindex - 1) * page.pagesize,
      pagesize: page.pagesize,
      /** DataTable page event: `first` row index and rows per page. */
      setPage: (first: number, rows: number) => {
        const asked = pageAt(first, rows);
        change({ page: asked.pageindex, size: asked.pagesize });
      },
    },
    /** The order asked of the server (a sortable column's header), none for newest first. */
    sort,
    setSort: (next: ListSort | null) => change({ sort: next }),
    keywordDraft: drafts.keyword,
    setKeywordDraft: (keyword: string) => setDrafts((current) => ({ ...current, keyword })),
    filterDraft: drafts.filters,
    setFilter: (name: string, value: unknown) =>
      setDrafts((current) => ({ ...current, filters: { ...current.filters, [name]: value } })),
    /** 搜索: the drafts applied from page 1, always asked of the server (a reload from the bar). */
    search: () => change({ keyword: drafts.keyword, filters: drafts.filters }, true),
    /** 重置: the default search from page 1, asked of the server. */
    resetSearch,
  };
}

export type CrudListController<Row extends ModuleRecord = ModuleRecord> = ReturnType<
  typeof useCrudList<Row>
>;
