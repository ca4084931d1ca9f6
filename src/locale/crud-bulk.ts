/**
 * Strings of the lists' bulk actions (src/components/crud/bulk-actions): loaded with that part,
 * once rows are selected, not with the list.
 */
export const crudBulk = {
  group: '批量操作',
  selected: (count: number) => `已选 ${count} 项`,
  delete: '批量删除',
  enable: '批量启用',
  disable: '批量禁用',
  clear: '取消选择',
  confirmDeleteToBin: (count: number) =>
    `确定删除选中的 ${count} 条记录吗？删除后可在回收站中恢复。`,
  confirmDestroy: (count: number) => `此操作将永久删除选中的 ${count} 条记录，是否继续？`,
  confirmEnable: (count: number) => `确定启用选中的 ${count} 条记录吗？`,
  confirmDisable: (count: number) => `确定禁用选中的 ${count} 条记录吗？`,
  deleted: (count: number) => `已删除 ${count} 条记录`,
  enabled: (count: number) => `已启用 ${count} 条记录`,
  disabled: (count: number) => `已禁用 ${count} 条记录`,
  /** Appended to a screen's bulk question when some selected rows are not in the state it needs. */
  skipped: (count: number) => `（另有 ${count} 条不适用，将跳过）`,
  noneApplies: '选中的记录都不适用此操作',
  /** Part of the rows done when a call was refused (the server's message is shown too). */
  partlyDone: (done: number, count: number) => `已处理 ${done} / ${count} 条，其余未处理`,
} as const;
