/**
 * Large-file uploads in the library toolbar: 大文件上传 (chunked) and 直传云存储 (direct to
 * cloud storage), both filed under the selected category. The uploader (and ali-oss behind it)
 * loads only when the toolbar shows it.
 */
import { LargeFileUpload } from '@/components/large-upload';
import { CodeSlot } from '@/lib/lazy';
import { useCanCall } from '@/lib/permissions/guards';
import * as toolCalls from '@generated/calls/tool';

export interface LargeUploadButtonsProps {
  cateId: number;
  onUploaded: () => void;
}

/** Shown only to a user who holds the upload calls' keys (the server refuses the others). */
export function LargeUploadButtons({ cateId, onUploaded }: LargeUploadButtonsProps) {
  const canChunk = useCanCall(toolCalls.toolUploadslice);
  const canDirect = useCanCall(toolCalls.toolGetaliyunoss);
  if (!canChunk && !canDirect) return null;
  return (
    <CodeSlot loading={null}>
      {canChunk && <LargeFileUpload mode="chunked" acId={cateId} onUploaded={onUploaded} />}
      {canDirect && <LargeFileUpload mode="oss" acId={cateId} onUploaded={onUploaded} />}
    </CodeSlot>
  );
}
