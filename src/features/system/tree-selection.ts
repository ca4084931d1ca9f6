/**
 * Checkbox trees of the assignment dialogs (role → menus, job → departments): PrimeReact's
 * Tree in checkbox mode keeps `{ [key]: { checked, partialChecked } }`; the server keeps a
 * flat id list (menuarr, deparr). These pure helpers convert between the two.
 */
import type { TreeNode } from 'primereact/treenode';

export type CheckState = { checked: boolean; partialChecked: boolean };
/** PrimeReact's TreeCheckboxSelectionKeys, with the states always present. */
export type CheckSelection = Record<string, CheckState>;
export type TreeId = string | number;

/** The part of a tree answer the dialogs read: an id, a label and the children. */
export interface TreeSource {
  children?: readonly TreeSource[];
}

/** Any tree answer as PrimeReact nodes, keyed by the id as text. */
export function toTreeNodes<T extends TreeSource>(
  items: readonly T[],
  id: (item: T) => TreeId,
  label: (item: T) => string,
): TreeNode[] {
  return items.map((item) => {
    const children = toTreeNodes((item.children ?? []) as readonly T[], id, label);
    return {
      key: String(id(item)),
      label: label(item),
      data: item,
      ...(children.length ? { children } : {}),
    };
  });
}

/**
 * The check states for saved ids. A leaf is checked when its id is saved; a parent is
 * checked when all its children are, half-checked (partialChecked) when some are. A saved
 * parent id alone does not check the parent: the lists hold half-checked parents too, so
 * only the leaves decide.
 */
export function selectionFromIds(
  nodes: readonly TreeNode[],
  ids: Iterable<TreeId>,
): CheckSelection {
  const saved = new Set([...ids].map(String));
  const selection: CheckSelection = {};
  const visit = (node: TreeNode): CheckState => {
    const key = String(node.key);
    const children = node.children ?? [];
    let state: CheckState;
    if (!children.length) {
      state = { checked: saved.has(key), partialChecked: false };
    } else {
      const states = children.map(visit);
      const all = states.every((child) => child.checked);
      const some = states.some((child) => child.checked || child.partialChecked);
      state = { checked: all, partialChecked: !all && some };
    }
    if (state.checked || state.partialChecked) selection[key] = state;
    return state;
  };
  nodes.forEach(visit);
  return selection;
}

/** A key back as the id the server uses (numbers where the key is numeric). */
function idOfKey(key: string): TreeId {
  return /^\d+$/.test(key) ? Number(key) : key;
}

/**
 * The ids to save, in tree order: the checked nodes, and with `withHalfChecked` the
 * half-checked parents too (a role's menuarr keeps a menu group whose entries are only partly
 * given, so the user's menu still has the group).
 */
export function idsFromSelection(
  nodes: readonly TreeNode[],
  selection: Readonly<Record<string, Partial<CheckState> | boolean>>,
  { withHalfChecked }: { withHalfChecked: boolean },
): TreeId[] {
  const ids: TreeId[] = [];
  const visit = (node: TreeNode) => {
    const key = String(node.key);
    const state = selection[key];
    const checked = state === true || (typeof state === 'object' && Boolean(state.checked));
    const half = typeof state === 'object' && Boolean(state.partialChecked);
    if (checked || (withHalfChecked && half)) ids.push(idOfKey(key));
    (node.children ?? []).forEach(visit);
  };
  nodes.forEach(visit);
  return ids;
}

/** Every key of a tree (expand all). */
export function allKeys(nodes: readonly TreeNode[]): Record<string, boolean> {
  const keys: Record<string, boolean> = {};
  const visit = (node: TreeNode) => {
    if (node.children?.length) {
      keys[String(node.key)] = true;
      node.children.forEach(visit);
    }
  };
  nodes.forEach(visit);
  return keys;
}

/** The keys of the leaves (select all: the parents follow). */
export function leafKeys(nodes: readonly TreeNode[]): string[] {
  return nodes.flatMap((node) =>
    node.children?.length ? leafKeys(node.children) : [String(node.key)],
  );
}
