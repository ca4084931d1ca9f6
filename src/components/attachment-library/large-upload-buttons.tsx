/**
 * Large-file uploads in the library toolbar (chunked and direct-to-cloud). Placeholder until
 * the large-upload control is available: renders nothing.
 */
export interface LargeUploadButtonsProps {
  cateId: number;
  onUploaded: () => void;
}

export function LargeUploadButtons(props: LargeUploadButtonsProps) {
  void props;
  return null;
}
