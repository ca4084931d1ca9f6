/**
 * The cropper (spec section 4: choose → crop → save): react-easy-crop in a dialog. Saving hands
 * the chosen area in image pixels to the control, which crops on a canvas and uploads; the
 * progress bar shows that upload. Loaded lazily, only when an image is chosen in a crop field.
 */
import { useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';
import { Slider } from 'primereact/slider';
import { upload as t } from '@/locale/upload';
import type { PixelArea } from './image-tools';

export interface CropDialogProps {
  src: string;
  aspect: number;
  /** 0–100 while the result uploads; null otherwise. */
  progress: number | null;
  onCancel: () => void;
  onSave: (area: PixelArea) => void;
}

export default function CropDialog({ src, aspect, progress, onCancel, onSave }: CropDialogProps) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const saving = progress !== null;
  return (
    <Dialog
      header={t.cropTitle}
      visible
      modal
      style={{ width: 'min(640px, 95vw)' }}
      onHide={() => {
        if (!saving) onCancel();
      }}
      footer={
        <>
          <Button type="button" label={t.cropCancel} text disabled={saving} onClick={onCancel} />
          <Button
            type="button"
            label={t.cropSave}
            icon="pi pi-check"
            loading={saving}
            disabled={!area || saving}
            onClick={() => area && onSave(area)}
          />
        </>
      }
    >
      <div className="upload-cropper" data-testid="cropper">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={aspect}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
        />
      </div>
      <div className="upload-cropper__zoom">
        <span>{t.cropZoom}</span>
        <Slider
          value={zoom}
          min={1}
          max={3}
          step={0.1}
          aria-label={t.cropZoom}
          onChange={(e) => setZoom(typeof e.value === 'number' ? e.value : 1)}
        />
      </div>
      {saving && (
        <div role="status" aria-label={t.cropSaving}>
          <small>{t.cropSaving}</small>
          <ProgressBar value={progress} />
        </div>
      )}
    </Dialog>
  );
}
