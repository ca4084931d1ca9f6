/** Canvas work of the upload controls: cropping and webp conversion, both in the browser. */
import { WEBP_QUALITY, webpFileName } from '@/core/attachment';

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.addEventListener('load', () => resolve(image));
    image.addEventListener('error', () => reject(new Error(`image failed to load: ${src}`)));
    image.src = src;
  });
}

function canvasToBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('canvas gave no image'))),
      type,
      quality,
    );
  });
}

/** The pixels of `area` of the image at `src`, as a PNG (JPEG input stays JPEG). */
export async function cropImage(src: string, area: PixelArea, type = 'image/png'): Promise<Blob> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width));
  canvas.height = Math.max(1, Math.round(area.height));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.drawImage(
    image,
    area.x,
    area.y,
    area.width,
    area.height,
    0,
    0,
    canvas.width,
    canvas.height,
  );
  return canvasToBlob(canvas, type === 'image/jpeg' ? type : 'image/png');
}

/**
 * The image re-encoded as webp at the spec's quality 0.4. A browser that cannot encode webp
 * (toBlob falls back to PNG) keeps the original file rather than a larger PNG.
 */
export async function convertToWebp(file: File): Promise<File> {
  const url = URL.createObjectURL(file);
  try {
    const image = await loadImage(url);
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(image, 0, 0);
    const blob = await canvasToBlob(canvas, 'image/webp', WEBP_QUALITY);
    if (blob.type !== 'image/webp') return file;
    return new File([blob], webpFileName(file.name), { type: 'image/webp' });
  } finally {
    URL.revokeObjectURL(url);
  }
}
