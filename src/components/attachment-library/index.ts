export type { AttachmentLibraryDialogProps } from './attachment-library-dialog';
export { AttachmentLibrary, type AttachmentLibraryProps } from './attachment-library';
export {
  toggleSelection,
  canActOnSelection,
  limitMessage,
  isSelected,
  toAttachmentValue,
} from './selection';
export { canAddChild, ROOT_CATEGORY_ID } from './category-rules';
