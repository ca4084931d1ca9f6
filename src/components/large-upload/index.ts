/**
 * The large-file uploader (大文件上传 / 直传云存储). Load it lazily where it is mounted:
 * `const LargeFileUpload = lazy(() => import('@/components/large-upload/large-file-upload'))`,
 * or use the lazy component exported here.
 */
import { lazy } from 'react';

export type { LargeFileUploadProps } from './large-file-upload';

export const LargeFileUpload = lazy(() => import('./large-file-upload'));
