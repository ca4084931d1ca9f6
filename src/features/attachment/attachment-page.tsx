/**
 * 附件管理 (/system/attachment): the attachment library as a screen — categories and the file
 * grid with the type filter (image, video, other), thumbnails, preview, delete, upload and
 * network attachments — instead of the generated flat table.
 */
import { AttachmentLibrary } from '@/components/attachment-library';
import { LargeUploadButtons } from '@/components/attachment-library/large-upload-buttons';

export default function AttachmentPage() {
  return (
    <div className="attachment-page">
      <AttachmentLibrary
        typeFilter
        toolbarExtra={(cateId, refresh) => (
          <LargeUploadButtons cateId={cateId} onUploaded={refresh} />
        )}
      />
    </div>
  );
}
