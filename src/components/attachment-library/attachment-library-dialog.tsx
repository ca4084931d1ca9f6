/**
 * The attachment library dialog (spec section 2): 950 px, the library with a use-selected
 * button that hands the selection to the control that opened it. Loaded with React.lazy by
 * the attachment controls.
 */
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import type { AttachmentValue } from '@/core/attachment';
import { attachment as t } from '@/locale/attachment';
import { AttachmentLibrary } from './attachment-library';
import { LargeUploadButtons } from './large-upload-buttons';
import { canActOnSelection } from './selection';

export interface AttachmentLibraryDialogProps {
  visible: boolean;
  onHide: () => void;
  onSelect: (items: AttachmentValue[]) => void;
  kind: 'image' | 'file';
  limit: number;
}

/** Spec section 9: attachment dialog 950 px. */
export const LIBRARY_DIALOG_WIDTH = 950;

export default function AttachmentLibraryDialog({
  visible,
  onHide,
  onSelect,
  kind,
  limit,
}: AttachmentLibraryDialogProps) {
  return (
    <Dialog
      header={t.libraryTitle}
      visible={visible}
      onHide={onHide}
      style={{ width: LIBRARY_DIALOG_WIDTH }}
      breakpoints={{ '1000px': '96vw' }}
      className="attachment-library-dialog"
      contentClassName="attachment-library-dialog__content"
    >
      {/* Mounted only while open: each opening starts with an empty selection. */}
      {visible && (
        <AttachmentLibrary
          kind={kind}
          limit={limit}
          toolbarExtra={(cateId, refresh) => (
            <LargeUploadButtons cateId={cateId} onUploaded={refresh} />
          )}
          footer={(selected, clear) => (
            <Button
              type="button"
              label={
                canActOnSelection(selected) ? t.useSelectedCount(selected.length) : t.useSelected
              }
              icon="pi pi-check"
              disabled={!canActOnSelection(selected)}
              onClick={() => {
                onSelect(selected);
                clear();
                onHide();
              }}
            />
          )}
        />
      )}
    </Dialog>
  );
}
