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
} as const;

export const versions = {
  currentColumn: '当前版本',
  currentTag: '当前版本',
  setCurrent: '设为当前版本',
  confirmSetCurrent: (no: string) => `确定将版本 ${no} 设为当前版本吗？`,
  setCurrentSuccess: '已设为当前版本',
} as const;
