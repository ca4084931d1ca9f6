/**
 * The large-file uploader (chunked upload and direct upload to cloud storage). Its outcome
 * messages are the spec's upload messages (`uploadMessages` in ./request); these are the
 * control's own labels.
 */
export const largeUpload = {
  chunkedButton: '大文件上传',
  cloudButton: '直传云存储',
  cancel: '取消',
  /** Shown beside the bar while a file is being sent. */
  uploading: (name: string) => `正在上传：${name}`,
  progressLabel: '上传进度',
  cancelled: '已取消上传',
} as const;
