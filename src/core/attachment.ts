/**
 * File values (spec section 3): a form field of an upload or attachment control stores a JSON
 * text array of `{att_id, att_title, att_url}` (the cropper adds `att_preview`). The upload
 * limits come from the IMAGECONFIG / FILECONFIG settings (`fileSize` MB, `fileType`,
 * `fileLimit`) with the spec's defaults. Shared by the controls, the attachment library, the
 * list cells and the mock backend, so it depends on nothing.
 */
import { isRecord, textOf } from './guards';

export interface AttachmentValue {
  att_id: number | string;
  att_title: string;
  att_url: string;
  /** The cropped image's address (cropper only). */
  att_preview?: string;
}

function toAttachment(item: unknown): AttachmentValue | undefined {
  if (typeof item === 'string') {
    const url = item.trim();
    return url ? { att_id: 0, att_title: url.split('/').pop() ?? url, att_url: url } : undefined;
  }
  if (!isRecord(item) || typeof item.att_url !== 'string' || !item.att_url) return undefined;
  const value: AttachmentValue = {
    att_id: typeof item.att_id === 'number' || typeof item.att_id === 'string' ? item.att_id : 0,
    att_title: typeof item.att_title === 'string' ? item.att_title : item.att_url,
    att_url: item.att_url,
  };
  if (typeof item.att_preview === 'string' && item.att_preview)
    value.att_preview = item.att_preview;
  return value;
}

/**
 * The attachments of a stored value. Tolerant of what older records hold: the JSON text array,
 * an array, one object, or a bare address. Anything else is no attachment, never an error.
 */
export function parseAttachmentValue(value: unknown): AttachmentValue[] {
  let raw: unknown = value;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text) return [];
    if (text.startsWith('[') || text.startsWith('{')) {
      try {
        raw = JSON.parse(text);
      } catch {
        return [];
      }
    }
  }
  const items = Array.isArray(raw) ? raw : [raw];
  return items.map(toAttachment).filter((item): item is AttachmentValue => item !== undefined);
}

/** The stored form of attachments: the JSON text array ('' when there are none). */
export function serializeAttachmentValue(items: readonly AttachmentValue[]): string {
  return items.length ? JSON.stringify(items) : '';
}

/** Upload limits of one kind (IMAGECONFIG for images, FILECONFIG for files). */
export interface UploadLimits {
  /** Megabytes. */
  fileSize: number;
  /** Lower-case extensions without the dot. */
  fileType: string[];
  /** Files one control holds. */
  fileLimit: number;
}

/** Spec defaults: 5 MB; png, jpg, jpeg, gif; 9 files. */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  fileSize: 5,
  fileType: ['png', 'jpg', 'jpeg', 'gif'],
  fileLimit: 9,
};

/** Attachments the library dialog lets one choose when the control sets no limit (spec section 9). */
export const ATTACHMENT_PICKER_LIMIT = 99;

/**
 * Limits from a configuration group's values (`getgroupdata {code: 'IMAGECONFIG'}`); a missing or
 * unusable value keeps the default. `fileType` may be a comma/space separated text or an array.
 */
export function uploadLimitsFrom(
  config: Record<string, unknown> | undefined,
  defaults: UploadLimits = DEFAULT_UPLOAD_LIMITS,
): UploadLimits {
  const size = Number(config?.fileSize);
  const limit = Number(config?.fileLimit);
  const rawTypes = config?.fileType;
  const types = (
    Array.isArray(rawTypes) ? rawTypes.map(String) : textOf(rawTypes).split(/[\s,，;|]+/)
  )
    .map((type) => type.trim().replace(/^\./, '').toLowerCase())
    .filter(Boolean);
  return {
    fileSize: Number.isFinite(size) && size > 0 ? size : defaults.fileSize,
    fileType: types.length ? types : defaults.fileType,
    fileLimit: Number.isInteger(limit) && limit > 0 ? limit : defaults.fileLimit,
  };
}

/** Lower-case extension of a file name, without the dot ('' when there is none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 || (dot === 0 && name.length > 1) ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The value after adding attachments to a control holding at most `limit`. A single-file
 * limit replaces the old file with the newest one (spec section 5); otherwise the added ones
 * are appended up to the limit and the rest is refused (`refused` counts them).
 */
export function addAttachments(
  current: readonly AttachmentValue[],
  added: readonly AttachmentValue[],
  limit: number,
): { items: AttachmentValue[]; refused: number } {
  if (limit <= 1) {
    const newest = added[added.length - 1];
    return { items: newest ? [newest] : [...current], refused: Math.max(0, added.length - 1) };
  }
  const room = Math.max(0, limit - current.length);
  return {
    items: [...current, ...added.slice(0, room)],
    refused: Math.max(0, added.length - room),
  };
}

/** Webp conversion (spec sections 5 and 9): jpg, jpeg and png under 10 MB, quality 0.4. */
export const WEBP_INPUT_TYPES = ['jpg', 'jpeg', 'png'] as const;
export const WEBP_MAX_MB = 10;
export const WEBP_QUALITY = 0.4;

export type WebpDecision = 'convert' | 'wrong-type' | 'too-large';

/** Whether a file a webp-converting control receives is converted or refused. */
export function webpDecision(file: { name: string; size: number }): WebpDecision {
  if (!(WEBP_INPUT_TYPES as readonly string[]).includes(fileExtension(file.name)))
    return 'wrong-type';
  return file.size < WEBP_MAX_MB * 1024 * 1024 ? 'convert' : 'too-large';
}

/** The name a converted file gets: its extension becomes .webp. */
export function webpFileName(name: string): string {
  const ext = fileExtension(name);
  return `${ext ? name.slice(0, -(ext.length + 1)) : name}.webp`;
}
