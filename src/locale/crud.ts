/**
 * Strings of the generic CRUD building blocks (CrudPage, CrudList, CrudForm, CrudInfo,
 * RecycleBin, ImportExport) and of the formatting helpers in src/lib/format.
 */
export const crud = {
  // toolbar
  add: '新增',
  recycleBin: '回收站',
  selectRow: '选择该行',
  selectPage: '选择本页全部行',
  import: '导入',
  export: '导出',
  downloadTemplate: '下载模板',
  /** The list toolbar's settings button (columns, density). */
  listSettings: '列设置',
  search: '搜索',
  reset: '重置',
  keywordPlaceholder: '请输入关键字',
  // row actions
  actions: '操作',
  view: '查看',
  edit: '编辑',
  delete: '删除',
  restore: '恢复',
  destroy: '彻底删除',
  // dialogs
  addTitle: (title: string) => `新增 - ${title}`,
  editTitle: (title: string) => `编辑 - ${title}`,
  viewTitle: (title: string) => `查看 - ${title}`,
  recycleTitle: (title: string) => `回收站 - ${title}`,
  importTitle: (title: string) => `导入 - ${title}`,
  submit: '提交',
  close: '关闭',
  confirmTitle: '提示',
  confirmAccept: '确定',
  confirmReject: '取消',
  /** Spec section 8: 'this will permanently delete …, continue?' */
  confirmDestroy: '此操作将永久删除该记录，是否继续？',
  /** Delete into the recycle bin (the record can still be restored). */
  confirmDeleteToBin: '确定删除该记录吗？删除后可在回收站中恢复。',
  /** Spec section 8: cancel shows 'deletion cancelled'. */
  deleteCancelled: '已取消删除',
  // results
  addSuccess: '新增成功',
  editSuccess: '修改成功',
  deleteSuccess: '删除成功',
  restoreSuccess: '恢复成功',
  destroySuccess: '已彻底删除',
  statusSuccess: '状态修改成功',
  updateFieldSuccess: '修改成功',
  importSuccess: '导入成功',
  // list
  emptyList: '暂无数据',
  emptyRecycle: '回收站为空',
  loading: '加载中…',
  loadFailed: '数据加载失败',
  /** A list that could not be loaded, with why (the request client's message). */
  loadFailedBecause: (reason: string) => `数据加载失败：${reason}`,
  retry: '重试',
  /** A resource its API cannot list (no list call): looked up by its key instead. */
  lookupLabel: (field: string) => `按${field}查询`,
  lookupButton: '查询',
  lookupHint: (field: string) => `该接口不提供列表，请输入${field}查询记录`,
  lookupEmpty: (field: string) => `请输入${field}`,
  statusOn: '启用',
  statusOff: '禁用',
  pageReport: '共 {totalRecords} 条',
  // import (spec section 5 "Uploads", Excel import: xls/xlsx, 5 MB, one file)
  importChoose: '选择文件',
  importHint: '仅支持 xls/xlsx 格式，大小不超过5MB，单次上传1个文件',
  importWrongType: (types: string) => `文件格式不正确，请上传${types}格式!`,
  importTooLarge: (mb: number) => `上传文件大小不能超过${mb}MB!`,
  importTooMany: (n: number) => `超出文件数量限制，单次上传限制：${n}个文件`,
  importNoFile: '请选择要导入的文件',
  importUpload: '开始导入',
  templateFileName: (title: string) => `${title}导入模板.xlsx`,
  exportFileName: (title: string) => `${title}.xlsx`,
  // a cell edited in place (lists and trees)
  editCell: (header: string) => `点击修改${header}`,
  editCellNamed: (header: string, value: string) => `点击修改${header}：${value}`,
} as const;

/** Wording of src/lib/format (spec section 9: relative time). */
export const formatText = {
  justNow: '刚刚',
  minutesAgo: (n: number) => `${n}分钟前`,
  hoursAgo: (n: number) => `${n}小时前`,
  daysAgo: (n: number) => `${n}天前`,
} as const;
