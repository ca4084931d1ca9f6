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

export function useCrudList<Row extends ModuleRecord>(
  module: ModuleDefinition<Row>,
  options: { source?: ListSource } = {},
) {
  const source = options.source ?? 'list';
  usePermissionRefresh();
  const client = useQueryClient();
  const queries = useMemo(() => createCrudQueries(module), [module]);
  const commands = useRowCommands(module);

  const paging = usePaging();
  const [keywordDraft, setKeywordDraft] = useState('');
  const [filterDraft, setFilterDraft] = useState<FilterValues>({});
  const [applied, setApplied] = useState<{ keyword: string; filters: FilterValues }>({
    keyword: '',
    filters: {},
  });

  const [sort, setSortState] = useState<ListSort | null>(null);

  const query = buildListQuery(paging.page, applied.keyword, applied.filters, sort);
  /**
   * A change of page, order or search: its list is asked for from the event that makes it, so the
   * request runs while nothing else does, and the change is shown once the server has answered —
   * the new page with its rows in one render — or after SHOW_LIST_LOADING_AFTER_MS with the list
   * loading. Changes are shown in the order they were made. A cached page that is still fresh is
   * not asked again.
   */
  const pendingChanges = useRef<Promise<void>>(Promise.resolve());
  const change = (
    target: { page: Paging['page']; search?: typeof applied; order?: ListSort | null },
    show: () => void,
  ) => {
    const { page, search = applied, order = sort } = target;
    const next = buildListQuery(page, search.keyword, search.filters, order);
    const ready = Promise.race([
      client.prefetchQuery(queries.list(next, source)),
      new Promise<void>((resolve) => setTimeout(resolve, SHOW_LIST_LOADING_AFTER_MS)),
    ]);
    pendingChanges.current = pendingChanges.current.then(() => ready).then(show);
  };
  const firstPage = { ...paging.page, pageindex: 1 };
  const { pageindex: _pageindex, pagesize: _pagesize, ...exportQuery } = query;
  const { sortfield: _sortfield, sortorder: _sortorder, ...filterQuery } = exportQuery;
  // Asked for from the render, not once the list has been drawn and its effects run: on a slow
  // CPU the first render of a list takes a few hundred ms, and the list's call then waited
  // behind the form's code fetched ahead (useFormPrefetch) for the browser's six connections.
  usePrefetchQuery(queries.list(query, source));
  const result = useQuery(queries.list(query, source));

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
    paging: {
      ...paging,
      setPage: (first: number, rows: number) =>
        change({ page: pageAt(first, rows) }, () => paging.setPage(first, rows)),
    },
    /** The order asked of the server (a sortable column's header), none for newest first. */
    sort,
    setSort: (next: ListSort | null) =>
      change({ page: firstPage, order: next }, () => {
        setSortState(next);
        paging.toFirstPage();
      }),
    keywordDraft,
    setKeywordDraft,
    filterDraft,
    setFilter: (name: string, value: unknown) =>
      setFilterDraft((current) => ({ ...current, [name]: value })),
    search: () => {
      const search = { keyword: keywordDraft, filters: filterDraft };
      change({ page: firstPage, search }, () => {
        setApplied(search);
        paging.toFirstPage();
      });
    },
    resetSearch: () => {
      setKeywordDraft('');
      setFilterDraft({});
      const search = { keyword: '', filters: {} };
      change({ page: firstPage, search }, () => {
        setApplied(search);
        paging.toFirstPage();
      });
    },
  };
}

export type CrudListController<Row extends ModuleRecord = ModuleRecord> = ReturnType<
  typeof useCrudList<Row>
>;
