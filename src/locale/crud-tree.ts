/** Strings of the shared tree-table block (CrudTreePage): menus, departments and the like. */
export const crudTree = {
  addChild: '新增下级',
  expandAll: '全部展开',
  collapseAll: '全部折叠',
  /** A node's toggle, named for what it does. */
  expand: '展开',
  collapse: '折叠',
  /** The selection column's boxes (bulk actions). */
  selectRow: '选择该行',
  selectShown: '选择显示的全部行',
} as const;
