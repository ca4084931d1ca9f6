/**
 * Strings of a list's 列设置 panel (src/components/crud/list-settings-panel): loaded with the
 * panel, when it is first opened, not with the list. The button's own name is in crud.ts.
 */
export const crudSettings = {
  columns: '显示列',
  density: '行密度',
  densities: { small: '紧凑', normal: '默认', large: '宽松' },
  reset: '恢复默认',
  /** The last shown column cannot be hidden: a list without a data column says nothing. */
  lastColumn: '至少保留一列',
} as const;
