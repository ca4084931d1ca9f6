/**
 * The headless controller of a tree-shaped module (records linked by a parent field, e.g.
 * menus by amenu_pid, departments by pid): the module's own list call, every row at once,
 * nested client-side; order, keyword search, expansion, and the same row actions as a list.
 */
import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/notify';
import { crud as t } from '@/locale/crud';
import { createCrudMutations, createCrudQueries } from './crud-queries';
import { canDo, usePermissionRefresh, type CrudAction } from './permission-keys';
import {
  buildListQuery,
  usePendingConfirm,
  type ListSort,
  type PendingConfirm,
} from './use-crud-list';
import type { ModuleDefinition, ModuleRecord, RecordId } from './module-definition';

/** One row of the tree table: PrimeReact's TreeNode shape with the record as data. */
export interface RecordNode {
  key: string;
  data: ModuleRecord;
  children?: RecordNode[];
}

/** The contract's largest page: a tree is shown whole. */
export const TREE_PAGE_SIZE = 1000;

/**
 * Rows nested by `parentField` in the order given. A row whose parent is not among the rows
 * (the top level, or a keyword hit whose parent did not match) is a root; a cycle in the data
 * cannot hang it, each row is placed once.
 */
export function nestRows(
  rows: readonly ModuleRecord[],
  primaryKey: string,
  parentField: string,
): RecordNode[] {
  const ids = new Set(rows.map((row) => String(row[primaryKey])));
  const byParent = new Map<string, ModuleRecord[]>();
  const roots: ModuleRecord[] = [];
  for (const row of rows) {
    const parent = String(row[parentField] ?? '');
    if (parent !== String(row[primaryKey]) && ids.has(parent)) {
      byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
    } else roots.push(row);
  }
  const placed = new Set<string>();
  const node = (row: ModuleRecord): RecordNode => {
    const key = String(row[primaryKey]);
    placed.add(key);
    const children = (byParent.get(key) ?? [])
      .filter((child) => !placed.has(String(child[primaryKey])))
      .map(node);
    return { key, data: row, ...(children.length ? { children } : {}) };
  };
  return roots.map(node);
}

/** The keys of every node that has children (expand all). */
export function parentKeys(nodes: readonly RecordNode[]): Record<string, boolean> {
  const keys: Record<string, boolean> = {};
  const visit = (node: RecordNode) => {
    if (!node.children?.length) return;
    keys[node.key] = true;
    node.children.forEach(visit);
  };
  nodes.forEach(visit);
  return keys;
}

export interface TreeListOptions {
  /** The field naming the parent record (0 or absent at the top); the module's `tree` by default. */
  parentField?: string;
  /** The order before a header is clicked (e.g. the sort column ascending). */
  defaultSort?: ListSort;
  /** Called after every successful change (refresh look-ups that read the same records). */
  onChanged?: () => void;
  /** Shown instead of deleting a record that still has children. */
  hasChildrenMessage?: string;
}

export function useTreeList(module: ModuleDefinition, options: TreeListOptions) {
  const { defaultSort, onChanged, hasChildrenMessage } = options;
  const parentField = options.parentField ?? module.tree?.parentField;
  if (!parentField) throw new Error(`${module.title}: a tree screen needs a parent field`);
  usePermissionRefresh();
  const client = useQueryClient();
  const queries = useMemo(() => createCrudQueries(module), [module]);
  const mutations = useMemo(() => createCrudMutations(module, client), [module, client]);

  const [sort, setSort] = useState<ListSort | null>(defaultSort ?? null);
  const [keywordDraft, setKeywordDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const query = buildListQuery({ pageindex: 1, pagesize: TREE_PAGE_SIZE }, keyword, {}, sort);
  const result = useQuery(queries.list(query));
  const rows = useMemo(() => result.data?.data ?? [], [result.data]);
  const nodes = useMemo(
    () => nestRows(rows, module.primaryKey, parentField),
    [rows, module.primaryKey, parentField],
  );
  // Collapsed keys are remembered; everything else opens, so a new child shows at once.
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({});
  const expandedKeys = useMemo(() => {
    const keys = parentKeys(nodes);
    for (const key of Object.keys(collapsed)) delete keys[key];
    return keys;
  }, [nodes, collapsed]);

  const changed = { onSuccess: () => onChanged?.() };
  const remove = useMutation(mutations.remove);
  const disable = useMutation(mutations.disable);
  const updatefield = useMutation(mutations.updatefield);
  const confirm = usePendingConfirm<PendingConfirm>();
  const idOf = (row: ModuleRecord) => row[module.primaryKey] as RecordId;
  const hasChildren = (row: ModuleRecord) =>
    rows.some((other) => String(other[parentField]) === String(idOf(row)) && other !== row);

  return {
    module,
    parentField,
    rows,
    nodes,
    total: rows.length,
    isFetching: result.isFetching,
    isError: result.isError,
    isMutating: remove.isPending || disable.isPending || updatefield.isPending,
    sort,
    setSort,
    keywordDraft,
    setKeywordDraft,
    search: () => setKeyword(keywordDraft),
    resetSearch: () => {
      setKeywordDraft('');
      setKeyword('');
    },
    expandedKeys,
    setExpandedKeys: (keys: Record<string, boolean>) => {
      const all = parentKeys(nodes);
      setCollapsed(
        Object.fromEntries(
          Object.keys(all)
            .filter((key) => !keys[key])
            .map((key) => [key, true]),
        ),
      );
    },
    expandAll: () => setCollapsed({}),
    collapseAll: () => setCollapsed(parentKeys(nodes)),
    can: (action: CrudAction) => canDo(module, action),
    idOf,
    hasChildren,
    ask: (next: PendingConfirm) => confirm.ask(next),
    askDelete: (row: ModuleRecord) => {
      // Refused before asking: the server refuses too, with the same message.
      if (hasChildrenMessage && hasChildren(row)) {
        notify.warn(hasChildrenMessage);
        return;
      }
      confirm.ask({
        message: module.capabilities.includes('recycle') ? t.confirmDeleteToBin : t.confirmDestroy,
        accept: () => remove.mutateAsync(idOf(row), changed),
        cancel: () => notify.info(t.deleteCancelled),
      });
    },
    pending: confirm.pending,
    acceptConfirm: async () => {
      const current = confirm.take();
      if (!current) return;
      try {
        await current.accept();
      } catch {
        // The request client has shown the server's message.
      }
    },
    dismissConfirm: () => confirm.take()?.cancel?.(),
    toggleStatus: (row: ModuleRecord, on: boolean) =>
      disable.mutateAsync({ id: idOf(row), status: on ? 1 : 2 }, changed).catch(() => undefined),
    updateField: (row: ModuleRecord, field: string, value: unknown) =>
      updatefield.mutateAsync({ id: idOf(row), field, value }, changed).catch(() => undefined),
  };
}

export type TreeListController = ReturnType<typeof useTreeList>;
