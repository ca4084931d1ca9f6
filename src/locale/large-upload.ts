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
  /** The same place once the file is stored. */
  uploaded: (name: string) => `已上传：${name}`,
  progressLabel: '上传进度',
  /** The whole file's share, beside the bar. */
  percent: (value: number) => `${value}%`,
  /** The chunk on the way and how much of it is sent (no share while none is reported). */
  chunkStep: (chunk: number, chunks: number, percent?: number) =>
    percent === undefined ? `第 ${chunk}/${chunks} 块` : `第 ${chunk}/${chunks} 块 ${percent}%`,
  /** 直传云存储 sends several parts at once: how many are stored. */
  partsDone: (done: number, total: number) => `已完成 ${done}/${total} 块`,
  /** Shown for a moment at 100% once the file is stored. */
  done: '上传完成',
  cancelled: '已取消上传',
} as const;
