/**
 * Every string of the rich-text editor (spec sections 2, 5 and 8): toolbar tooltips and
 * aria-labels, dialog titles, the image/link hint popup, autosave and draft texts, the word
 * count, the editor's upload errors and the Chinese messages for Editor.js itself.
 *
 * The spec quotes the editor's behaviour in English; the texts follow the wording UEditor's own
 * zh-cn language pack uses, so users of the old editor meet the same words. Shared by the codec
 * and ueditor client (core) and the Editor.js tools (UI): append new keys, do not rename.
 */

/** Toolbar buttons of spec section 2, plus the extra commands of "other editor behaviour". */
export const editorToolbar = {
  fullscreen: '全屏',
  exitFullscreen: '退出全屏',
  source: '源代码',
  undo: '撤销',
  redo: '重做',
  bold: '加粗',
  italic: '斜体',
  underline: '下划线',
  fontBorder: '字符边框',
  foreColor: '字体颜色',
  backColor: '背景色',
  orderedList: '有序列表',
  unorderedList: '无序列表',
  rowSpacingTop: '段前距',
  rowSpacingBottom: '段后距',
  lineHeight: '行间距',
  fontFamily: '字体',
  fontSize: '字号',
  justifyLeft: '居左对齐',
  justifyCenter: '居中对齐',
  justifyRight: '居右对齐',
  justifyJustify: '两端对齐',
  link: '超链接',
  unlink: '取消链接',
  anchor: '锚点',
  attachment: '附件',
  simpleUpload: '单图上传',
  insertImage: '插入图片',
  emoticon: '表情',
  // other editor behaviour
  insertTable: '插入表格',
  deleteTable: '删除表格',
  mergeCells: '合并多个单元格',
  mergeRight: '右合并单元格',
  mergeDown: '下合并单元格',
  splitCells: '完全拆分单元格',
  insertRow: '前插入行',
  insertRowAfter: '后插入行',
  deleteRow: '删除行',
  insertCol: '前插入列',
  insertColAfter: '后插入列',
  deleteCol: '删除列',
  sortTable: '表格排序',
  code: '代码语言',
  pageBreak: '分页',
  video: '视频',
  searchReplace: '查询替换',
  wordCount: '字数统计',
  wordImage: '图片转存',
  catchRemoteImage: '远程图片抓取',
  specialChars: '特殊字符',
  template: '模板',
  preview: '预览',
  chart: '图表',
  help: '帮助',
  removeFormat: '清除格式',
  resize: '拖动调整编辑器大小',
} as const;

/** Choices of the paragraph tunes and the font menus (values are the model's). */
export const editorChoices = {
  rowSpacing: (px: number) => `${px}px`,
  lineHeight: (value: number) => `${value}`,
  fontSize: (px: number) => `${px}px`,
  defaultChoice: '默认',
  /** label → CSS font-family value */
  fontFamilies: [
    { label: '宋体', value: '宋体, SimSun' },
    { label: '微软雅黑', value: '微软雅黑, Microsoft YaHei' },
    { label: '楷体', value: '楷体, 楷体_GB2312, SimKai' },
    { label: '黑体', value: '黑体, SimHei' },
    { label: '隶书', value: '隶书, SimLi' },
    { label: 'andale mono', value: 'andale mono' },
    { label: 'arial', value: 'arial, helvetica, sans-serif' },
    { label: 'arial black', value: 'arial black, avant garde' },
    { label: 'comic sans ms', value: 'comic sans ms' },
    { label: 'impact', value: 'impact, chicago' },
    { label: 'times new roman', value: 'times new roman' },
  ],
} as const;

/** Editor-internal dialog titles (spec section 2). */
export const editorDialogs = {
  anchor: '锚点',
  image: '插入图片',
  link: '超链接',
  specialChars: '特殊字符',
  searchReplace: '查询替换',
  map: '地图',
  video: '视频',
  help: '帮助',
  preview: '预览',
  emoticon: '表情',
  attachment: '附件',
  frame: '插入Iframe',
  tableEdit: '表格属性',
  cellEdit: '单元格属性',
  scrawl: '涂鸦',
  music: '插入音乐',
  template: '模板',
  background: '背景',
  chart: '图表',
  ok: '确认',
  cancel: '取消',
} as const;

/** The hint popup on a selected image or link (spec section 2). */
export const editorPopup = {
  floatNone: '默认',
  floatLeft: '左浮动',
  floatRight: '右浮动',
  floatCenter: '居中',
  modify: '修改',
  delete: '删除',
  clear: '清除',
  openLink: '打开链接',
} as const;

/** Field labels inside the dialogs. */
export const editorFields = {
  anchorName: '锚点名称',
  linkText: '文本内容',
  linkHref: '链接地址',
  linkTitle: '标题',
  linkNewWindow: '是否在新窗口打开',
  imageUrl: '图片地址',
  imageAlt: '描述',
  imageWidth: '宽度',
  imageHeight: '高度',
  imageCaption: '图片说明',
  videoUrl: '视频网址',
  videoWidth: '宽度',
  videoHeight: '高度',
  searchFor: '查找',
  replaceWith: '替换为',
  matchCase: '区分大小写',
  findNext: '查找下一个',
  findPrevious: '查找上一个',
  replace: '替换',
  replaceAll: '全部替换',
  /** after "全部替换": how many were replaced */
  replacedCount: (n: number) => `总共替换了${n}处！`,
  notFound: '未找到！',
  tableRows: '行数',
  tableCols: '列数',
  tableSize: (cols: number, rows: number) => `${cols}列 × ${rows}行`,
  chartType: '图表类型',
  chartTitle: '图表标题',
  chartBar: '柱状图',
  chartLine: '折线图',
  chartPie: '饼图',
  codeLanguage: '代码语言',
} as const;

/** Autosave, drafts and the word count. */
export const editorStatus = {
  /** The notice shown for 2 seconds after an autosave. */
  autosaved: '已自动保存',
  autosavedAt: (time: string) => `已于 ${time} 自动保存`,
  /** Offered after a reload or a re-login when a draft of this editor exists. */
  draftOffer: (time: string) => `发现 ${time} 自动保存的草稿，是否恢复？`,
  draftRestore: '恢复草稿',
  draftDiscard: '放弃草稿',
  draftRestored: '已恢复草稿',
  /** UEditor's status bar: 当前已输入 N 个字符，您还可以输入 M 个字符 */
  wordCount: (count: number, left: number) =>
    `当前已输入 ${count} 个字符，您还可以输入 ${left} 个字符`,
  /** Over the limit (spec section 5: an overflow message). */
  wordOverflow: '你输入的字符个数已经超出最大允许值，服务器可能会拒绝保存！',
  /**
   * The word-image hint: images pasted from Word are local files the browser may not read, so
   * they are left out; the user uploads them with the toolbar's 单图上传.
   */
  wordImageHint: '有本地图片未上传，请用“单图上传”逐一上传后再保存',
  pastedImageUploading: '正在上传粘贴的图片…',
  uploading: '正在上传...',
  catchingRemote: '正在转存远程图片...',
  catchRemoteSuccess: '图片转存成功',
  /**
   * Images of another site that the server could not copy are left out of the content (shown
   * to readers, they would be fetched from that site in every reader's browser).
   */
  remoteImagesRemoved: (count: number) => `${count} 张外部图片无法保存到本站，已移除`,
} as const;

/** The editor's error messages (spec section 8), shown 4 seconds as errors. */
export const editorErrors = {
  /** A file larger than the configured maximum. */
  tooLarge: '文件大小超出限制',
  tooLargeMb: (mb: string) => `文件大小超出限制，最大 ${mb}MB`,
  /**
   * A paste over the size cap (issue 49 case 9): refused before any work, the content as it
   * was. Sizes in KB, as the clipboard's HTML counts them.
   */
  pasteTooLarge: (sizeKb: number, limitKb: number) =>
    `粘贴的内容过大（约 ${sizeKb} KB），单次粘贴不能超过 ${limitKb} KB，未粘贴任何内容。请分段粘贴。`,
  /** An extension outside the allowed list. */
  wrongType: '文件格式不允许',
  /** Transport failure or an unreadable answer. */
  loadError: '上传错误',
  /** The answer is not JSON. */
  badAnswer: '服务器返回格式错误',
  /** No configuration (load failed) or no upload action configured. */
  missingConfig: '后端配置项没有正常加载，上传插件不能正常使用！',
  /** The remote capture failed (no answer, or an unreadable one). */
  catchRemoteError: '图片转存失败',
  /** The remote capture took longer than its timeout. */
  catchTimeout: '远程图片抓取超时',
  /** A video address that is neither one of ours nor an allowed player. */
  videoNotAllowed: '不支持的视频地址',
} as const;

/**
 * Editor.js's own texts in Chinese (its `i18n.messages` dictionary). Plain data, so the core
 * stays free of Editor.js imports; the UI passes it as `i18n: { messages: editorJsMessages }`.
 */
export const editorJsMessages = {
  ui: {
    blockTunes: {
      toggler: { 'Click to tune': '点击调整', 'or drag to move': '或拖动移动' },
    },
    inlineToolbar: { converter: { 'Convert to': '转换为' } },
    toolbar: { toolbox: { Add: '添加' } },
    popover: { Filter: '筛选', 'Nothing found': '无匹配项', 'Convert to': '转换为' },
  },
  toolNames: {
    Text: '段落',
    Heading: '标题',
    'Unordered List': '无序列表',
    'Ordered List': '有序列表',
    List: '列表',
    Checklist: '任务列表',
    Table: '表格',
    Image: '图片',
    Attachment: '附件',
    Code: '代码',
    Video: '视频',
    Chart: '图表',
    'Page break': '分页',
    'Raw HTML': 'HTML',
    Link: '链接',
    Bold: '加粗',
    Italic: '斜体',
    Underline: '下划线',
    Marker: '背景色',
    InlineCode: '行内代码',
  },
  tools: {
    link: { 'Add a link': '添加链接' },
    stub: { 'The block can not be displayed correctly.': '该块无法正确显示。' },
    header: {
      'Heading 1': '一级标题',
      'Heading 2': '二级标题',
      'Heading 3': '三级标题',
      'Heading 4': '四级标题',
      'Heading 5': '五级标题',
      'Heading 6': '六级标题',
    },
    list: {
      Unordered: '无序列表',
      Ordered: '有序列表',
      Checklist: '任务列表',
      'Start with': '起始序号',
      'Counter type': '编号样式',
    },
    paragraph: { 'Enter something': '请输入内容' },
  },
  blockTunes: {
    delete: { Delete: '删除', 'Click to delete': '点击确认删除' },
    moveUp: { 'Move up': '上移' },
    moveDown: { 'Move down': '下移' },
  },
} as const;

/** The whole editor locale, one import for the UI. */
export const editorText = {
  toolbar: editorToolbar,
  choices: editorChoices,
  dialogs: editorDialogs,
  popup: editorPopup,
  fields: editorFields,
  status: editorStatus,
  errors: editorErrors,
  editorJs: editorJsMessages,
} as const;
