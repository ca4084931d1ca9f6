/**
 * The CRUD blocks' wording that only their lazily loaded parts use (the edit-conflict question,
 * the import/export transfer, the import report): kept out of src/locale/crud so a list screen
 * does not carry it.
 */

/** The question before an edit would overwrite someone else's change. */
export const crudConflict = {
  title: '该记录已被他人修改',
  message: '你打开这条记录后，其他人修改并保存了它。尚未写入任何内容，请选择：',
  field: '字段',
  loaded: '你打开时',
  current: '现在（他人保存）',
  mine: '你的填写',
  empty: '（空）',
  keep: '继续编辑',
  theirs: '查看对方的版本',
  overwrite: '覆盖保存',
} as const;

/** 导入 / 导出 while the file travels (no percentage while its size is unknown). */
export const crudTransfer = {
  importLabel: '导入进度',
  sending: (percent?: number) => (percent === undefined ? '正在上传…' : `正在上传 ${percent}%`),
  /** The file has arrived; the server reads and checks every row. */
  checking: '正在校验…',
  exportLabel: '导出进度',
  /** 导出 with a search applied: the file holds the matching records only (and is named so). */
  exportFiltered: '导出当前筛选结果',
  exportFilteredFileName: (title: string) => `${title}（筛选结果）.xlsx`,
  downloading: (percent?: number) => (percent === undefined ? '正在下载…' : `正在下载 ${percent}%`),
} as const;

/** The row-by-row report of an import the server refused (nothing was stored). */
export const crudImportReport = {
  title: '导入问题',
  summary: (rows: number) => `${rows} 行数据有问题，所有数据均未导入。`,
  listed: (shown: number) => `下表列出前 ${shown} 条问题。`,
  retry: '请按下表修改文件并保存，然后重新选择文件导入。',
  row: '行号',
  field: '字段',
  problem: '问题',
  rowNumber: (row: number) => `第${row}行`,
  download: '下载问题清单',
  fileName: (title: string) => `${title}导入问题.xlsx`,
  sheetName: '导入问题',
} as const;
