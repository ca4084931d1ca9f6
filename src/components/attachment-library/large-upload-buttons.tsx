/**
 * Large-file uploads in the library toolbar: 大文件上传 (chunked) and 直传云存储 (direct to
 * cloud storage), both filed under the selected category. The uploader (and ali-oss behind it)
 * loads only when the toolbar shows it.
 */
import { Suspense } from 'react';
import { LargeFileUpload } from '@/components/large-upload';

export interface LargeUploadButtonsProps {
  cateId: number;
  onUploaded: () => void;
}

export function LargeUploadButtons({ cateId, onUploaded }: LargeUploadButtonsProps) {
  return (
    <Suspense fallback={null}>
      <LargeFileUpload mode="chunked" acId={cateId} onUploaded={onUploaded} />
      <LargeFileUpload mode="oss" acId={cateId} onUploaded={onUploaded} />
    </Suspense>
  );
}
