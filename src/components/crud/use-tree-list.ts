/**
 * The headless controller of a tree-shaped module (records linked by a parent field, e.g.
 * menus by amenu_pid, departments by pid, regions by pid). A whole tree is one list call
 * nested client-side; a lazy tree (`lazyChildren`) asks for the top level (`list {pid: 0}`) and
 * for a node's children when it opens (`list {pid: id}`), and shows keyword hits flat. Order,
 * keyword search, expansion, and the row commands the list has too.
 */
import { useMemo, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { createCrudQueries } from './crud-queries';
import { usePermissionRefresh } from './permission-keys';
import { useRowCommands } from './use-row-commands';
import { buildListQuery, type ListSort } from './use-crud-list';
import { flatNodes, lazyNodes, nestRows, parentKeys } from './tree-rows';
import {
  recordIdOf,
  type ListQuery,
  type ModuleDefinition,
  type ModuleRecord,
  type RecordId,
  type TreeDefinition,
} from './module-definition';

export { nestRows, parentKeys, type RecordNode } from './tree-rows';

/** The contract's largest page: a tree (or one level of a lazy tree) is shown whole. */
export const TREE_PAGE_SIZE = 1000;
const WHOLE = { pageindex: 1, pagesize: TREE_PAGE_SIZE };

export interface TreeListOptions {
  /** How the records form a tree; the module's `tree` by default. */
  tree?: TreeDefinition;
  /** The field naming the parent record (0 or absent at the top), over the tree's own. */
  parentField?: string;
  /** The order before a header is clicked (e.g. the sort column ascending). */
  defaultSort?: ListSort;
  /** Called after every successful change (refresh look-ups that read the same records). */
  onChanged?: () => void;
  /** Shown instead of deleting a record that still has children. */
  hasChildrenMessage?: string;
}

/** The list calls a tree makes: one per loaded level, keyed by the parent ('' for the top). */
function levelQueries(
  tree: TreeDefinition,
  keyword: string,
  sort: ListSort | null,
  opened: Readonly<Record<string, RecordId>>,
): { parent: string; query: ListQuery }[] {
  if (!tree.lazyChildren || keyword.trim())
    return [{ parent: '', query: buildListQuery(WHOLE, keyword, {}, sort) }];
  const level = (parent: RecordId) =>
    buildListQuery(WHOLE, '', { [tree.parentField]: parent }, sort);
  return [
    { parent: '', query: level(0) },
    ...Object.entries(opened).map(([key, id]) => ({ parent: key, query: level(id) })),
  ];
}

export function useTreeList<Row extends ModuleRecord>(
  module: ModuleDefinition<Row>,
  options: TreeListOptions,
) {
  const { defaultSort, onChanged, hasChildrenMessage } = options;
  const declared = options.tree ?? module.tree;
  const parentField = options.parentField ?? declared?.parentField;
  if (!parentField) throw new Error(`${module.title}: a tree screen needs a parent field`);
  const tree: TreeDefinition = { lazyChildren: false, ...declared, parentField };
  const lazy = tree.lazyChildren;
  usePermissionRefresh();
  const queries = useMemo(() => createCrudQueries(module), [module]);

  const [sort, setSort] = useState<ListSort | null>(defaultSort ?? null);
  const [keywordDraft, setKeywordDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  // Lazy trees: the opened nodes (key → id), each one level asked for.
  const [opened, setOpened] = useState<Record<string, RecordId>>({});
  // Whole trees: collapsed keys are remembered; everything else opens, so a new child shows at once.
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({});

  const levels = levelQueries(tree, keyword, sort, opened);
  const results = useQueries({ queries: levels.map(({ query }) => queries.list(query)) });
  const loaded = new Map<string, Row[]>();
  levels.forEach(({ parent }, index) => {
    const rows = results[index]?.data?.data;
    if (rows) loaded.set(parent, rows);
  });
  const rows = [...loaded.values()].flat();
  const flat = lazy && Boolean(keyword.trim());
  const nodes = !lazy
    ? nestRows(rows, module.primaryKey, parentField)
    : flat
      ? flatNodes(rows, module.primaryKey)
      : lazyNodes(loaded, module.primaryKey, tree);

  const searchFor = (word: string) => {
    if (word === keyword) results.forEach((result) => void result.refetch());
    else setKeyword(word);
  };

  const hasChildren = (row: Row) => {
    const id = String(recordIdOf(row, module.primaryKey));
    return rows.some((other) => String(other[parentField]) === id && other !== row);
  };
  const commands = useRowCommands(module, {
    onChanged,
    refuseDelete: (row) =>
      hasChildrenMessage && hasChildren(row) ? hasChildrenMessage : undefined,
  });
  const { idOf } = commands;

  const openedKeys = Object.fromEntries(Object.keys(opened).map((key) => [key, true]));
  const expandedKeys = lazy ? (flat ? {} : openedKeys) : parentKeys(nodes);
  if (!lazy) for (const key of Object.keys(collapsed)) delete expandedKeys[key];

  return {
    ...commands,
    module,
    parentField,
    /** Children load as nodes open: there is no expanding everything at once. */
    lazy,
    rows,
    nodes,
    total: rows.length,
    isFetching: results.some((result) => result.isFetching),
    isError: results.some((result) => result.isError),
    /** Why the tree (or one of its levels) could not be loaded. */
    loadError: results.find((result) => result.isError)?.error,
    /** 重试: the levels that failed, asked again. */
    retry: () => results.filter((r) => r.isError).forEach((r) => void r.refetch()),
    sort,
    setSort,
    keywordDraft,
    setKeywordDraft,
    /** 搜索 always asks the server: with the keyword unchanged, the tree shown is asked again. */
    search: () => searchFor(keywordDraft),
    resetSearch: () => {
      setKeywordDraft('');
      searchFor('');
    },
    expandedKeys,
    setExpandedKeys: (keys: Record<string, boolean>) => {
      if (lazy) {
        const ids = new Map(rows.map((row) => [String(idOf(row)), idOf(row)]));
        const next: Record<string, RecordId> = {};
        for (const key of Object.keys(keys)) {
          const id = keys[key] ? (opened[key] ?? ids.get(key)) : undefined;
          if (id !== undefined) next[key] = id;
        }
        setOpened(next);
        return;
      }
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
    collapseAll: () => (lazy ? setOpened({}) : setCollapsed(parentKeys(nodes))),
    hasChildren,
  };
}

export type TreeListController<Row extends ModuleRecord = ModuleRecord> = ReturnType<
  typeof useTreeList<Row>
>;
