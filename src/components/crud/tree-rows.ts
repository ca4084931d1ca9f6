/**
 * Rows as tree nodes, pure: a whole tree nested client-side by its parent field, or a lazy
 * tree's loaded levels (each opened node's children, asked for separately) put together.
 */
import { recordIdOf, type ModuleRecord, type TreeDefinition } from './module-definition';
import { textOf } from '@/core/guards';

/** One row of the tree table: PrimeReact's TreeNode shape with the record as data. */
export interface RecordNode<Row extends ModuleRecord = ModuleRecord> {
  key: string;
  data: Row;
  children?: RecordNode<Row>[];
  /** Lazy trees: false while the children are not loaded (the toggle still shows), true at the leaf level. */
  leaf?: boolean;
}

/**
 * Rows nested by `parentField` in the order given. A row whose parent is not among the rows
 * (the top level, or a keyword hit whose parent did not match) is a root; a cycle in the data
 * cannot hang it, each row is placed once.
 */
export function nestRows<Row extends ModuleRecord>(
  rows: readonly Row[],
  primaryKey: string,
  parentField: string,
): RecordNode<Row>[] {
  const ids = new Set(rows.map((row) => String(row[primaryKey])));
  const byParent = new Map<string, Row[]>();
  const roots: Row[] = [];
  for (const row of rows) {
    const parent = textOf(row[parentField]);
    if (parent !== String(row[primaryKey]) && ids.has(parent)) {
      byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
    } else roots.push(row);
  }
  const placed = new Set<string>();
  const node = (row: Row): RecordNode<Row> => {
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

/** Whether a lazy tree's row sits at the leaf level (no children, no toggle). */
export function isLeafRow(tree: TreeDefinition | undefined, row: ModuleRecord): boolean {
  return tree?.leaf !== undefined && String(row[tree.leaf.field]) === String(tree.leaf.value);
}

/**
 * A lazy tree from its loaded levels: `levels` maps a parent's key ('' for the top) to its
 * children once they have loaded. A node not at the leaf level keeps its toggle (`leaf: false`)
 * with the children loaded so far (none until it is opened).
 */
export function lazyNodes<Row extends ModuleRecord>(
  levels: ReadonlyMap<string, readonly Row[]>,
  primaryKey: string,
  tree: TreeDefinition,
): RecordNode<Row>[] {
  // Each row is placed once: a cycle in the data cannot hang it.
  const placed = new Set<string>();
  const node = (row: Row): RecordNode<Row> => {
    const key = String(recordIdOf(row, primaryKey));
    placed.add(key);
    if (isLeafRow(tree, row)) return { key, data: row, leaf: true };
    const children = (levels.get(key) ?? []).filter(
      (child) => !placed.has(String(recordIdOf(child, primaryKey))),
    );
    return { key, data: row, leaf: false, children: children.map(node) };
  };
  return (levels.get('') ?? []).map(node);
}

/** Keyword hits of a lazy tree: shown flat, none of them opens. */
export function flatNodes<Row extends ModuleRecord>(
  rows: readonly Row[],
  primaryKey: string,
): RecordNode<Row>[] {
  return rows.map((row) => ({ key: String(recordIdOf(row, primaryKey)), data: row, leaf: true }));
}
