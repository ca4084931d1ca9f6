/**
 * Strings of the generic deal module (/deal/common), the members' full-page forms
 * (/business/user/add, edit) and the version screens (/version/systeam, /version/model).
 */
export const deal = {
  /** Header of the generic module: which designed module the screen is showing. */
  moduleHeading: (title: string, name: string) => (title ? `${title}（${name}）` : name),
  moduleLabel: '当前模块',
  /** The module has no field definitions (unknown module, or nothing designed yet). */
  noFields: (name: string) => `模块「${name}」没有可用的字段定义，请先在后台设计中添加字段`,
  fieldsFailed: '字段定义加载失败',
  /** An edit address without a record id. */
  noRecordId: '缺少要编辑的记录编号',
  /** Toolbar links between the module's whole list and the user's own. */
  toMylist: '我的列表',
  toList: '全部记录',
  /** The address of 我的列表 of a module whose designer switched it off. */
  mylistOff: (title: string) => `「${title}」未开启我的列表`,
  mylistOffHint: '可在「后台设计」中编辑该模块，打开「开启我的列表」后使用。',
  backToList: '返回列表',
  /**
   * What the server answers a call of a switched-off capability (201); keyed by the designer's
   * switch (src/core/design-flags), named as its 后台设计 label says.
   */
  featureOff: {
    is_recycle: '该模块未开启回收站',
    is_import: '该模块未开启导入导出',
    is_mylist: '该模块未开启我的列表',
  },
} as const;

export const versions = {
  currentColumn: '当前版本',
  currentTag: '当前版本',
  setCurrent: '设为当前版本',
  confirmSetCurrent: (no: string) => `确定将版本 ${no} 设为当前版本吗？`,
  setCurrentSuccess: '已设为当前版本',
} as const;
