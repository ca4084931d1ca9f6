/**
 * The headless list controller: paging, keyword and filter search, row actions with their
 * permission checks, confirmations. CrudListView renders it with PrimeReact.
 */
import { useMemo, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/notify';
import { crud as t } from '@/locale/crud';
import { createCrudMutations, createCrudQueries, type ListSource } from './crud-queries';
import { canDo, usePermissionRefresh, type CrudAction } from './permission-keys';
import type { ListQuery, ModuleDefinition, ModuleRecord, RecordId } from './module-definition';

export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

export type FilterValues = Record<string, unknown>;

export interface PendingConfirm {
  kind: 'delete' | 'resetpassword';
  row: ModuleRecord;
  message: string;
}

/** A filter value as a query parameter: arrays joined with commas, blanks dropped. */
function toParam(value: unknown): string | number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (Array.isArray(value)) return value.length ? value.join(',') : undefined;
  if (typeof value === 'number') return value;
  return String(value);
}

/** The list query for a page and the applied search (pure; tested through the list). */
export function buildListQuery(
  page: { pageindex: number; pagesize: number },
  keyword: string,
  filters: FilterValues,
): ListQuery {
  const query: ListQuery = { pageindex: page.pageindex, pagesize: page.pagesize };
  const word = keyword.trim();
  if (word) query.keyword = word;
  for (const [name, value] of Object.entries(filters)) {
    const param = toParam(value);
    if (param !== undefined) query[name] = param;
  }
  return query;
}

export function useCrudList(module: ModuleDefinition, options: { source?: ListSource } = {}) {
  const source = options.source ?? 'list';
  usePermissionRefresh();
  const client = useQueryClient();
  const queries = useMemo(() => createCrudQueries(module), [module]);
  const mutations = useMemo(() => createCrudMutations(module, client), [module, client]);

  const [page, setPageState] = useState({ pageindex: 1, pagesize: DEFAULT_PAGE_SIZE });
  const [keywordDraft, setKeywordDraft] = useState('');
  const [filterDraft, setFilterDraft] = useState<FilterValues>({});
  const [applied, setApplied] = useState<{ keyword: string; filters: FilterValues }>({
    keyword: '',
    filters: {},
  });

  const query = buildListQuery(page, applied.keyword, applied.filters);
  const result = useQuery(queries.list(query, source));

  const remove = useMutation(mutations.remove);
  const disable = useMutation(mutations.disable);
  const updatefield = useMutation(mutations.updatefield);
  const resetpassword = useMutation(mutations.resetpassword);

  const [pending, setPending] = useState<PendingConfirm | null>(null);
  // accept and the dialog's hide both fire; the ref tells a cancel from an accepted hide.
  const pendingRef = useRef<PendingConfirm | null>(null);
  const openConfirm = (next: PendingConfirm) => {
    pendingRef.current = next;
    setPending(next);
  };

  const idOf = (row: ModuleRecord) => row[module.primaryKey] as RecordId;
  const can = (action: CrudAction) => canDo(module, action);

  return {
    module,
    rows: result.data?.data ?? [],
    total: result.data?.allcount ?? 0,
    query,
    /** The applied search without paging (what export downloads). */
    filterQuery: (() => {
      const { pageindex: _p, pagesize: _s, ...rest } = query;
      return rest;
    })(),
    isLoading: result.isLoading,
    isFetching: result.isFetching,
    isError: result.isError,
    first: (page.pageindex - 1) * page.pagesize,
    pagesize: page.pagesize,
    /** DataTable page event: `first` row index and rows per page. */
    setPage: (first: number, rows: number) =>
      setPageState({ pageindex: Math.floor(first / rows) + 1, pagesize: rows }),
    keywordDraft,
    setKeywordDraft,
    filterDraft,
    setFilter: (name: string, value: unknown) =>
      setFilterDraft((current) => ({ ...current, [name]: value })),
    search: () => {
      setApplied({ keyword: keywordDraft, filters: filterDraft });
      setPageState((current) => ({ ...current, pageindex: 1 }));
    },
    resetSearch: () => {
      setKeywordDraft('');
      setFilterDraft({});
      setApplied({ keyword: '', filters: {} });
      setPageState((current) => ({ ...current, pageindex: 1 }));
    },
    can,
    idOf,
    askDelete: (row: ModuleRecord) =>
      openConfirm({
        kind: 'delete',
        row,
        message: module.capabilities.includes('recycle') ? t.confirmDeleteToBin : t.confirmDestroy,
      }),
    askResetPassword: (row: ModuleRecord) =>
      openConfirm({ kind: 'resetpassword', row, message: t.confirmResetPassword }),
    pending,
    acceptConfirm: async () => {
      const current = pendingRef.current;
      pendingRef.current = null;
      setPending(null);
      if (!current) return;
      try {
        if (current.kind === 'delete') await remove.mutateAsync(idOf(current.row));
        else await resetpassword.mutateAsync(idOf(current.row));
      } catch {
        // The request client has shown the server's message.
      }
    },
    dismissConfirm: () => {
      const current = pendingRef.current;
      pendingRef.current = null;
      setPending(null);
      if (current?.kind === 'delete') notify.info(t.deleteCancelled);
    },
    toggleStatus: (row: ModuleRecord, on: boolean) =>
      disable.mutateAsync({ id: idOf(row), status: on ? 1 : 2 }).catch(() => undefined),
    updateField: (row: ModuleRecord, field: string, value: unknown) =>
      updatefield.mutateAsync({ id: idOf(row), field, value }).catch(() => undefined),
    isMutating:
      remove.isPending || disable.isPending || updatefield.isPending || resetpassword.isPending,
  };
}

export type CrudListController = ReturnType<typeof useCrudList>;
