import type { TreeNode } from 'primereact/treenode';
import type { FieldOption } from '@/core/field-definition';
import { textOf } from '@/core/guards';

/** FieldOption tree → PrimeReact tree nodes; the key is the value as text, data the value. */
export function toTreeNodes(options: readonly FieldOption[], leafOnly = false): TreeNode[] {
  return options.map((option) => {
    const hasChildren = Boolean(option.children && option.children.length > 0);
    const node: TreeNode = {
      key: String(option.value),
      label: option.label,
      data: option.value,
      selectable: !(leafOnly && hasChildren) && !option.disabled,
    };
    if (hasChildren) node.children = toTreeNodes(option.children ?? [], leafOnly);
    return node;
  });
}

/** The chain of nodes from a root to the node with `key`, or [] when absent. */
export function pathTo(nodes: readonly TreeNode[], key: string): TreeNode[] {
  for (const node of nodes) {
    if (String(node.key) === key) return [node];
    const below = pathTo(node.children ?? [], key);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

export function findNode(nodes: readonly TreeNode[], key: string): TreeNode | undefined {
  return pathTo(nodes, key).at(-1);
}

/** The key TreeSelect expects for a stored value. */
export function keyOf(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.length ? String(value[value.length - 1]) : null;
  return textOf(value);
}
