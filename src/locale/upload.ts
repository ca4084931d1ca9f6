/**
 * Strings of the upload controls, the cropper, the Word import and the form-control demo. The
 * spec quotes the upload rules in English (sections 5 and 8); they are given here in natural
 * Chinese with their placeholders filled. The HTTP / server-reject / retry messages of an upload
 * are the request client's (`uploadMessages` in ./request), not repeated here.
 */
export const upload = {
  // limits (spec section 5)
  /** 'file format incorrect, please upload {types} format!' */
  wrongType: (types: readonly string[]) => `文件格式不正确，请上传${types.join('/')}格式!`,
  /** 'uploaded file size cannot exceed {n} MB!' */
  tooLarge: (mb: number) => `上传文件大小不能超过${mb}MB!`,
  /** 'exceeded file count limit, single upload limit: {n} files' */
  tooMany: (n: number) => `超出文件数量限制，单次上传限制：${n}个文件`,
  /** Webp conversion input (spec section 5): jpg, jpeg and png only, under 10 MB. */
  webpWrongType: '转换为 WebP 仅支持 jpg、jpeg、png 格式的图片!',
  webpTooLarge: (mb: number) => `转换为 WebP 的图片大小不能超过${mb}MB!`,
  /** Shown instead of the uploader to a user without the upload key. */
  noUploadRight: '暂无上传权限',
  hint: (types: readonly string[], mb: number, n: number) =>
    `支持 ${types.join('/')} 格式，单个文件不超过${mb}MB，最多${n}个`,

  // the FilePond widget's own labels
  labelIdle: '将文件拖到此处，或 <span class="filepond--label-action">点击选择</span>',
  labelInvalidField: '包含无效文件',
  labelFileWaitingForSize: '正在计算大小',
  labelFileSizeNotAvailable: '大小不可用',
  labelFileLoading: '加载中',
  labelFileLoadError: '加载失败',
  labelFileProcessing: '上传中',
  labelFileProcessingComplete: '上传完成',
  labelFileProcessingAborted: '已取消上传',
  labelFileProcessingError: '上传失败',
  labelFileProcessingRevertError: '撤销失败',
  labelFileRemoveError: '移除失败',
  labelTapToCancel: '点击取消',
  labelTapToRetry: '点击重试',
  labelTapToUndo: '点击撤销',
  labelButtonRemoveItem: '移除',
  labelButtonAbortItemLoad: '取消',
  labelButtonRetryItemLoad: '重试',
  labelButtonAbortItemProcessing: '取消',
  labelButtonUndoItemProcessing: '撤销',
  labelButtonRetryItemProcessing: '重试',
  labelButtonProcessItem: '上传',
  labelFileAdded: '已添加',
  labelFileRemoved: '已移除',
  labelFileCountSingular: '个文件',
  labelFileCountPlural: '个文件',
  labelDecimalSeparator: '.',
  labelThousandsSeparator: ',',

  // the value list
  remove: '删除',
  removeNamed: (title: string) => `删除 ${title}`,
  open: (title: string) => `打开 ${title}`,
  loadingWidget: '正在加载上传组件…',
  empty: '暂无文件',

  // attachment-library controls
  chooseImages: '从附件库选择图片',
  chooseFiles: '从附件库选择文件',
  libraryLoading: '正在打开附件库…',

  // cropper (spec section 4: choose → crop → save → recrop / clear)
  cropTitle: '裁剪图片',
  cropSave: '保存',
  cropCancel: '取消',
  cropZoom: '缩放',
  recrop: '重新裁剪',
  clear: '清除',
  cropSaving: '正在上传裁剪后的图片…',
  cropLoadFailed: '原图加载失败，无法重新裁剪',

  // Word import (spec section 8 "Word import")
  wordImport: '导入 Word',
  wordWrongType: '请选择 Word 文档（.doc 或 .docx）',
  wordNotWord: '该文件不是 Word 文档（内容与 .doc / .docx 格式不符），请选择真正的 Word 文档',
  wordParsing: '正在解析 Word 文档，请稍候…',
  wordSuccess: 'Word 文档导入成功',
  wordFailed: (reason: string) => `导入失败：${reason}`,
  wordEmpty: '文档没有可导入的内容',
} as const;

/** The form-control demo screen (/demo/form). */
export const uploadDemo = {
  title: '表单控件演示',
  intro: '每种上传控件各一个字段，保存后在下方显示提交的值，重新打开表单时回显。',
  save: '保存',
  saved: '保存成功',
  reopen: '重新打开表单',
  savedValues: '已保存的值',
  nothingSaved: '尚未保存',
  fields: {
    image: '封面图片',
    file: '合同文件',
    images: '相册图片',
    files: '附件文件',
    attachment: '附件库图片',
    attachments: '附件库图片（多张）',
    attachmentFile: '附件库文件',
    attachmentFiles: '附件库文件（多个）',
    cropped: '头像（裁剪）',
    webp: '横幅（转 WebP）',
    content: '正文（可导入 Word）',
  },
} as const;
