/**
 * UploadAttachment, UploadAttachmentArr (images) and UploadAttachmentFile,
 * UploadAttachmentFileArr (files): chosen from the attachment library dialog, which is loaded
 * on the first opening. A single control takes the newest choice; a list appends up to its
 * limit (the attachment picker's 99 unless the field sets fileLimit).
 */
import './upload.css';
import { useLayoutEffect, useRef, useState } from 'react';
import { DialogCodeSlot, lazyDefault } from '@/lib/lazy';
import { Button } from 'primereact/button';
import {
  addAttachments,
  parseAttachmentValue,
  serializeAttachmentValue,
  type AttachmentValue,
} from '@/core/attachment';
import { notify } from '@/lib/notify';
import { upload as t } from '@/locale/upload';
import type { ControlProps } from '../form/controls/types';
import { fieldLimits, uploadSetupOf } from './limits';
import { useUploadLimits } from './use-upload-limits';
import { ValueList } from './value-list';

const AttachmentLibraryDialog = lazyDefault(
  () => import('@/components/attachment-library/attachment-library-dialog'),
);

export default function AttachmentControl({ field, id, value, onChange, disabled }: ControlProps) {
  const setup = uploadSetupOf(field.cf_control);
  const limits = fieldLimits(field, setup, useUploadLimits(setup.kind));
  const single = limits.fileLimit <= 1;
  const items = parseAttachmentValue(value);
  const current = useRef(items);
  useLayoutEffect(() => {
    current.current = items;
  });
  const [open, setOpen] = useState(false);
  // The dialog stays mounted after the first opening (its code and its last category).
  const [opened, setOpened] = useState(false);
  const room = single ? 1 : limits.fileLimit - items.length;

  const commit = (next: AttachmentValue[]) => {
    current.current = next;
    onChange(serializeAttachmentValue(next));
  };

  return (
    <div className="upload-control" data-control={field.cf_control}>
      <ValueList
        items={items}
        kind={setup.kind}
        disabled={disabled}
        onRemove={(index) => commit(current.current.filter((_, i) => i !== index))}
      />
      <div className="upload-control__buttons">
        <Button
          id={id}
          type="button"
          icon={setup.kind === 'image' ? 'pi pi-images' : 'pi pi-folder-open'}
          label={setup.kind === 'image' ? t.chooseImages : t.chooseFiles}
          outlined
          disabled={disabled}
          onClick={() => {
            if (room <= 0) {
              notify.error(t.tooMany(limits.fileLimit));
              return;
            }
            setOpened(true);
            setOpen(true);
          }}
        />
      </div>
      {opened && (
        <DialogCodeSlot
          open={open}
          onClose={() => setOpen(false)}
          loading={<small>{t.libraryLoading}</small>}
        >
          <AttachmentLibraryDialog
            visible={open}
            kind={setup.kind}
            limit={Math.max(1, room)}
            onHide={() => setOpen(false)}
            onSelect={(chosen) => {
              commit(addAttachments(current.current, chosen, limits.fileLimit).items);
              setOpen(false);
            }}
          />
        </DialogCodeSlot>
      )}
    </div>
  );
}
