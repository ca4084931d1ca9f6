// @vitest-environment node
/** The checkbox-tree helpers of 菜单配置 / 分配部门 and the tree table's nesting. */
import { describe, expect, it } from 'vitest';
import type { TreeNode } from 'primereact/treenode';
import {
  allKeys,
  idsFromSelection,
  selectionFromIds,
  toTreeNodes,
} from '@/features/system/tree-selection';
import { nestRows, parentKeys } from '@/components/crud/use-tree-list';

interface Menu {
  id: number;
  label: string;
  children?: Menu[];
}
interface Keyed {
  code: string;
  children?: Keyed[];
}

// 系统管理 (2) → 管理员管理 (21) → 新增 (211), 删除 (212); 角色管理 (22); 首页 (1)
const menus: Menu[] = [
  {
    id: 2,
    label: '系统管理',
    children: [
      {
        id: 21,
        label: '管理员管理',
        children: [
          { id: 211, label: '新增' },
          { id: 212, label: '删除' },
        ],
      },
      { id: 22, label: '角色管理' },
    ],
  },
  { id: 1, label: '首页' },
];
const nodes: TreeNode[] = toTreeNodes(
  menus,
  (menu) => menu.id,
  (menu) => menu.label,
);

describe('selectionFromIds (half-checked parents)', () => {
  it('checks a parent whose children are all saved, half-checks one with some', () => {
    expect(selectionFromIds(nodes, [211, 212])).toEqual({
      '211': { checked: true, partialChecked: false },
      '212': { checked: true, partialChecked: false },
      '21': { checked: true, partialChecked: false },
      '2': { checked: false, partialChecked: true },
    });
  });

  it('a half-checked grandchild half-checks every ancestor', () => {
    const selection = selectionFromIds(nodes, ['211']);
    expect(selection['21']).toEqual({ checked: false, partialChecked: true });
    expect(selection['2']).toEqual({ checked: false, partialChecked: true });
    expect(selection['212']).toBeUndefined();
  });

  it('a saved parent id alone does not check its children (the leaves decide)', () => {
    expect(selectionFromIds(nodes, [2, 21])).toEqual({});
  });

  it('every id saved checks the whole tree', () => {
    const selection = selectionFromIds(nodes, [1, 2, 21, 211, 212, 22]);
    expect(Object.values(selection).every((state) => state.checked)).toBe(true);
    expect(Object.keys(selection).sort()).toEqual(['1', '2', '21', '211', '212', '22']);
  });
});

describe('idsFromSelection (menuarr, deparr)', () => {
  const selection = selectionFromIds(nodes, [211, 22]);

  it('menuarr keeps the half-checked parents, in tree order, as numbers', () => {
    expect(idsFromSelection(nodes, selection, { withHalfChecked: true })).toEqual([2, 21, 211, 22]);
  });

  it('deparr keeps only the checked nodes', () => {
    expect(idsFromSelection(nodes, selection, { withHalfChecked: false })).toEqual([211, 22]);
  });

  it('a saved menuarr reopens as the same ticks (round trip)', () => {
    const menuarr = idsFromSelection(nodes, selection, { withHalfChecked: true });
    expect(selectionFromIds(nodes, menuarr)).toEqual(selection);
  });

  it('text keys stay text', () => {
    const items: Keyed[] = [{ code: 'menu:系统', children: [{ code: 'ADMINUSER_ADD' }] }];
    const keyed = toTreeNodes(
      items,
      (item) => item.code,
      (item) => item.code,
    );
    expect(
      idsFromSelection(keyed, { ADMINUSER_ADD: { checked: true } }, { withHalfChecked: false }),
    ).toEqual(['ADMINUSER_ADD']);
  });

  it('allKeys opens every parent', () => {
    expect(allKeys(nodes)).toEqual({ '2': true, '21': true });
  });
});

describe('nestRows (tree table)', () => {
  const rows = [
    { id: 1, pid: 0, name: '总公司' },
    { id: 3, pid: 1, name: '研发部' },
    { id: 2, pid: 1, name: '财务部' },
    { id: 4, pid: 3, name: '前端组' },
  ];

  it('nests by the parent field and keeps the given order among siblings', () => {
    const tree = nestRows(rows, 'id', 'pid');
    expect(tree).toHaveLength(1);
    expect(tree[0]?.children?.map((node) => node.data.name)).toEqual(['研发部', '财务部']);
    expect(tree[0]?.children?.[0]?.children?.[0]?.data.name).toBe('前端组');
    expect(parentKeys(tree)).toEqual({ '1': true, '3': true });
  });

  it('a row whose parent is not listed (a keyword hit) becomes a root', () => {
    expect(nestRows([rows[3]!], 'id', 'pid').map((node) => node.key)).toEqual(['4']);
  });

  it('a cycle in the data places each row once', () => {
    const cycle = [
      { id: 1, pid: 2 },
      { id: 2, pid: 1 },
      { id: 3, pid: 0 },
    ];
    const tree = nestRows(cycle, 'id', 'pid');
    expect(tree.map((node) => node.key)).toEqual(['3']);
  });
});
