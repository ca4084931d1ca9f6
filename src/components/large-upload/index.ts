/**
 * The large-file uploader (大文件上传 / 直传云存储), as a lazy component: mount it under a
 * CodeSlot (src/lib/lazy), which offers 重试 if its code cannot be downloaded.
 */
import { lazyDefault } from '@/lib/lazy';

export type { LargeFileUploadProps } from './large-file-upload';

export const LargeFileUpload = lazyDefault(() => import('./large-file-upload'));
