/**
 * Strings of the rich-text editor's user interface that ./editor.ts (the shared editor locale:
 * toolbar, dialogs, popup, status, errors, Editor.js messages) does not already hold: the
 * toolbar's own name and extra menu entries, dialog validation messages, the table-editing bar
 * and the accessible names of the blocks.
 */
export const editorUi = {
  loading: '编辑器加载中…',
  placeholder: '请输入正文…',
  toolbar: {
    label: '编辑器工具栏',
    exitSource: '返回编辑',
    heading: '标题',
    paragraph: '正文',
    clearColor: '清除颜色',
  },
  headingLevel: (level: number) => `标题 ${level}`,
  dialog: {
    hrefRequired: '请输入链接地址',
    hrefInvalid: '链接地址不合法',
    anchorRequired: '请输入锚点名称',
    imageRequired: '请输入图片地址',
    imageUpload: '上传图片',
    imageLibrary: '从附件库选择',
    imageFloat: '对齐方式',
    videoRequired: '请输入视频地址',
    templateReplace: '替换原有内容',
    templates: [
      { name: '标题与正文', html: '<h2>标题</h2><p>正文内容……</p>' },
      {
        name: '通知',
        html: '<h2 style="text-align:center">通知</h2><p>各部门：</p><p>现将有关事项通知如下：</p><ol><li>事项一</li><li>事项二</li></ol><p style="text-align:right">办公室</p>',
      },
      {
        name: '会议纪要',
        html: '<h2>会议纪要</h2><table><tbody><tr><th>时间</th><td></td></tr><tr><th>地点</th><td></td></tr><tr><th>参会人员</th><td></td></tr></tbody></table><p>会议内容：</p>',
      },
    ],
    chartInvalid:
      '该表格不能生成图表：首行须为表头，其余各行首列须为表头，至少 2 行 2 列，其余单元格须为非负数',
  },
  table: {
    toolbar: '表格编辑',
    heading: '标题行',
    headingColumn: '标题列',
    sortAsc: '升序排序',
    sortDesc: '降序排序',
    sortDisabled: '表格含有合并单元格，不能排序',
    cell: (row: number, col: number) => `第 ${row} 行第 ${col} 列`,
  },
  hint: {
    label: '图片与链接操作',
  },
  blocks: {
    videoLabel: (url: string) => `视频：${url}`,
    attachmentLabel: (name: string) => `附件：${name}`,
    chartLabel: (title: string) => `图表：${title}`,
    /** The code block's text area (its language list is named 代码语言). */
    codeText: '代码',
  },
} as const;
