/**
 * Strings of the attachment library (dialog and /system/attachment screen), the category and
 * network-attachment dialogs, and the file preview. The spec quotes these in English; they are
 * given here in natural Chinese (spec sections 2, 3, 5 and 8).
 */
import { mockMessages } from './mock';

export const attachment = {
  // library
  libraryTitle: '附件库',
  rootCategory: '一级分类',
  categories: '附件分类',
  addCategory: '新增分类',
  addChildCategory: '添加子分类',
  editCategory: '编辑分类',
  deleteCategory: '删除分类',
  keywordPlaceholder: '请输入附件名称',
  search: '搜索',
  upload: '上传',
  uploading: '上传中…',
  uploadSuccess: '上传成功',
  networkAttachment: '网络附件',
  delete: '删除',
  deleteCount: (n: number) => `删除（${n}）`,
  useSelected: '使用选中',
  useSelectedCount: (n: number) => `使用选中（${n}）`,
  preview: '预览',
  selected: '已选择',
  empty: '暂无附件',
  loadFailed: '附件加载失败',
  pageReport: '共 {totalRecords} 条',
  typeFilter: '附件类型',
  typeAll: '全部',
  typeImage: '图片',
  typeVideo: '视频',
  typeOther: '其他',
  /** Spec section 5: 'at most {n} images can be chosen'. */
  limitImages: (n: number) => `最多只能选择${n}张图片`,
  limitFiles: (n: number) => `最多只能选择${n}个文件`,
  // confirmations (spec section 8)
  confirmTitle: '提示',
  confirmAccept: '确定',
  confirmReject: '取消',
  confirmDeleteFile: '此操作将永久删除该文件，是否继续？',
  confirmDeleteCategory: '此操作将永久删除该分类，是否继续？',
  deleteCancelled: '已取消删除',
  deleteSuccess: '删除成功',
  // category dialog (spec sections 2, 4 and 5)
  categoryAddTitle: '添加分类',
  categoryEditTitle: '编辑分类',
  categoryParent: '上级分类',
  choose: '请选择',
  categoryName: '分类名称',
  categoryNamePlaceholder: '请输入分类名称',
  categoryParentRequired: '请选择上级分类',
  categoryNameRequired: '请输入分类名称',
  /** The server's refusal of a child under a child; the same words as the mock backend's. */
  categoryTooDeep: mockMessages.categoryTooDeep,
  categorySaved: '保存成功',
  // network attachment dialog
  networkTitle: '添加网络附件',
  networkName: '附件名称',
  networkNamePlaceholder: '请输入附件名称',
  networkUrl: '附件地址',
  networkUrlPlaceholder: '请输入附件地址，如 https://example.com/a.png',
  networkDescription: '附件描述',
  networkNameRequired: '请输入附件名称',
  networkUrlRequired: '请输入附件地址',
  /** The same words as the mock backend's refusal. */
  networkUrlInvalid: mockMessages.attachmentUrlInvalid,
  networkAdded: '添加成功',
  submit: '确定',
  cancel: '取消',
  // file preview (spec section 2)
  previewTitle: (name: string) => `文件预览 - ${name}`,
  download: '下载源文件',
  previewNote: '提示：在线预览可能因文件格式或浏览器原因失败，如显示异常，请下载源文件查看。',
  previewLoading: '正在加载预览…',
  previewFailed: '预览失败，请下载源文件查看。',
  previewUnsupported: '该文件类型暂不支持在线预览，请下载源文件查看。',
  sheetEmpty: '该工作表为空',
  close: '关闭',
} as const;
