/**
 * UploadImg, UploadFile, UploadImgArr and UploadFileArr: FilePond uploads into the control's
 * value (the spec's JSON text array of {att_id, att_title, att_url}). Image fields may crop
 * (parameData.crop, .aspect: the cropped image becomes att_preview) or convert to webp
 * (parameData.webp) before uploading. Loaded lazily with FilePond (./lazy.tsx).
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
import { useCanCall } from '@/lib/permissions/guards';
import { uploadFile } from '@/lib/request/upload';
import { upload as t } from '@/locale/upload';
import type { ControlProps } from '../form/controls/types';
import { convertToWebp, cropImage, type PixelArea } from './image-tools';
import {
  convertsToWebp,
  cropOf,
  fieldLimits,
  fileProblem,
  uploadSetupOf,
  webpProblem,
} from './limits';
import { PondUpload, type Screening } from './pond';
import { useUploadLimits } from './use-upload-limits';
import { ValueList } from './value-list';
import * as toolCalls from '@generated/calls/tool';

const CropDialog = lazyDefault(() => import('./crop-dialog'));

/** Spec section 8: an upload's size, type or load error shows 4 seconds. */
const UPLOAD_PROBLEM_LIFE_MS = 4000;

/** What the cropper works on: a new file, or an item of the value being cropped again. */
interface CropSource {
  url: string;
  name: string;
  file?: File;
  /** Index of the item cropped again. */
  index?: number;
}

export default function UploadControl({ field, id, value, onChange, disabled }: ControlProps) {
  const setup = uploadSetupOf(field.cf_control);
  // The upload call carries its own key: without it the server refuses, so no uploader shows.
  const canUpload = useCanCall(
    setup.kind === 'image' ? toolCalls.toolUploadimg : toolCalls.toolUploadfile,
  );
  const limits = fieldLimits(field, setup, useUploadLimits(setup.kind));
  const single = limits.fileLimit <= 1;
  const crop = setup.kind === 'image' ? cropOf(field) : null;
  const webp = setup.kind === 'image' && convertsToWebp(field);
  const items = parseAttachmentValue(value);
  // Uploads finish one after another before the form re-renders: each adds to the latest value.
  const current = useRef(items);
  useLayoutEffect(() => {
    current.current = items;
  });
  const [cropSource, setCropSource] = useState<CropSource | null>(null);
  const [cropProgress, setCropProgress] = useState<number | null>(null);

  const commit = (next: AttachmentValue[]) => {
    current.current = next;
    onChange(serializeAttachmentValue(next));
  };
  // A refused file is said once, as a toast for 4 s (spec section 8): the request client has
  // already shown a server's refusal (`toasted`), and nothing repeats it under the field.
  const showProblem = (message: string, toasted = false) => {
    if (!toasted) notify.error(message, UPLOAD_PROBLEM_LIFE_MS);
  };

  const openCropper = (source: CropSource) => {
    if (cropSource) URL.revokeObjectURL(cropSource.url);
    setCropSource(source);
  };
  const closeCropper = () => {
    if (cropSource) URL.revokeObjectURL(cropSource.url);
    setCropSource(null);
    setCropProgress(null);
  };

  /** Uploads one blob for the cropper, reporting its share of the progress bar. */
  const uploadForCrop = async (file: File, from: number, to: number) => {
    const result = await uploadFile(file, {
      kind: 'image',
      onProgress: (loaded, total) =>
        setCropProgress(Math.round(from + ((to - from) * loaded) / Math.max(1, total))),
    });
    if (!result.ok) {
      // The request client has shown the server's refusal.
      return null;
    }
    return {
      att_id: result.data.att_id ?? 0,
      url: result.data.address ?? '',
      title: result.data.original_name || file.name,
    };
  };

  const saveCrop = async (area: PixelArea) => {
    if (!cropSource) return;
    setCropProgress(0);
    try {
      const old = cropSource.index === undefined ? undefined : current.current[cropSource.index];
      // The original is kept (att_url) so the image can be cropped again; the crop is att_preview.
      const original = old
        ? { att_id: old.att_id, url: old.att_url, title: old.att_title }
        : cropSource.file && (await uploadForCrop(cropSource.file, 0, 50));
      if (!original) return;
      let cropped = new File(
        [await cropImage(cropSource.url, area)],
        `crop-${cropSource.name}`.replace(/\.[^.]+$/, '.png'),
        {
          type: 'image/png',
        },
      );
      if (webp) cropped = await convertToWebp(cropped);
      const preview = await uploadForCrop(cropped, old ? 0 : 50, 100);
      if (!preview) return;
      const item: AttachmentValue = {
        att_id: original.att_id,
        att_title: original.title,
        att_url: original.url,
        att_preview: preview.url,
      };
      if (cropSource.index === undefined) {
        commit(addAttachments(current.current, [item], limits.fileLimit).items);
      } else {
        commit(current.current.map((each, index) => (index === cropSource.index ? item : each)));
      }
      closeCropper();
    } finally {
      // A failed upload keeps the dialog open (its message shows below the control).
      setCropProgress(null);
    }
  };

  const recrop = async (item: AttachmentValue, index: number) => {
    try {
      const response = await fetch(item.att_url);
      if (!response.ok) throw new Error(String(response.status));
      openCropper({ url: URL.createObjectURL(await response.blob()), name: item.att_title, index });
    } catch {
      showProblem(t.cropLoadFailed);
    }
  };

  /** Checks a file before FilePond takes it: webp input, a full list, the cropper. */
  const screen = (file: File): Screening => {
    if (!single && current.current.length >= limits.fileLimit) return t.tooMany(limits.fileLimit);
    if (webp) {
      const refused = webpProblem(file);
      if (refused) return refused;
    }
    if (crop) {
      const refused = fileProblem(file, limits);
      if (refused) return refused;
      openCropper({ url: URL.createObjectURL(file), name: file.name, file });
      return 'take';
    }
    return 'accept';
  };

  return (
    <div className="upload-control" data-control={field.cf_control}>
      <ValueList
        items={items}
        kind={setup.kind}
        disabled={disabled}
        onRemove={(index) => commit(current.current.filter((_, i) => i !== index))}
        itemActions={
          crop
            ? (item, index) => (
                <Button
                  type="button"
                  label={t.recrop}
                  icon="pi pi-crop"
                  size="small"
                  disabled={disabled}
                  onClick={() => void recrop(item, index)}
                />
              )
            : undefined
        }
      />
      {crop && items.length > 0 && (
        <div className="upload-control__buttons">
          <Button
            type="button"
            label={t.clear}
            icon="pi pi-times"
            size="small"
            outlined
            severity="secondary"
            disabled={disabled}
            onClick={() => commit([])}
          />
        </div>
      )}
      {canUpload ? (
        <PondUpload
          id={id}
          kind={setup.kind}
          limits={limits}
          room={limits.fileLimit - items.length}
          single={single}
          disabled={disabled}
          onProblem={showProblem}
          onUploaded={(item) => {
            commit(addAttachments(current.current, [item], limits.fileLimit).items);
          }}
          screen={screen}
          prepare={webp ? (file) => convertToWebp(file) : undefined}
        />
      ) : (
        <small className="upload-control__hint">{t.noUploadRight}</small>
      )}
      {canUpload && (
        <small className="upload-control__hint">
          {t.hint(limits.fileType, limits.fileSize, limits.fileLimit)}
        </small>
      )}
      {cropSource && crop && (
        <DialogCodeSlot open onClose={closeCropper}>
          <CropDialog
            src={cropSource.url}
            aspect={crop.aspect}
            progress={cropProgress}
            onCancel={closeCropper}
            onSave={(area) => void saveCrop(area)}
          />
        </DialogCodeSlot>
      )}
    </div>
  );
}
