/**
 * Pure rules of the upload controls (spec sections 5 and 9): which kind of file a control
 * takes, where its limits come from, and the message a refused file gets. No widget code, so
 * the rules are tested alone and the form registry can import them without FilePond.
 */
import {
  ATTACHMENT_PICKER_LIMIT,
  fileExtension,
  uploadLimitsFrom,
  webpDecision,
  WEBP_INPUT_TYPES,
  WEBP_MAX_MB,
  type UploadLimits,
} from '@/core/attachment';
import {
  booleanParam,
  numberParam,
  type ControlType,
  type FieldDefinition,
} from '@/core/field-definition';
import { upload as t } from '@/locale/upload';

export type UploadControlType = Extract<
  ControlType,
  | 'UploadImg'
  | 'UploadFile'
  | 'UploadImgArr'
  | 'UploadFileArr'
  | 'UploadAttachment'
  | 'UploadAttachmentArr'
  | 'UploadAttachmentFile'
  | 'UploadAttachmentFileArr'
>;

export interface UploadControlSetup {
  /** Images (IMAGECONFIG, /api/tool/uploadimg/) or files (FILECONFIG, /api/tool/uploadfile/). */
  kind: 'image' | 'file';
  /** A list control; otherwise the control holds one file. */
  multiple: boolean;
  /** Uploaded from the computer, or chosen from the attachment library. */
  source: 'upload' | 'library';
}

export const UPLOAD_CONTROL_SETUP: Record<UploadControlType, UploadControlSetup> = {
  UploadImg: { kind: 'image', multiple: false, source: 'upload' },
  UploadImgArr: { kind: 'image', multiple: true, source: 'upload' },
  UploadFile: { kind: 'file', multiple: false, source: 'upload' },
  UploadFileArr: { kind: 'file', multiple: true, source: 'upload' },
  UploadAttachment: { kind: 'image', multiple: false, source: 'library' },
  UploadAttachmentArr: { kind: 'image', multiple: true, source: 'library' },
  UploadAttachmentFile: { kind: 'file', multiple: false, source: 'library' },
  UploadAttachmentFileArr: { kind: 'file', multiple: true, source: 'library' },
};

/**
 * The setup of a field's upload control. The control registry mounts the upload controls only
 * for the upload control types; any other control would be taken as a single file upload.
 */
export function uploadSetupOf(control: ControlType): UploadControlSetup {
  const setups: Partial<Record<ControlType, UploadControlSetup>> = UPLOAD_CONTROL_SETUP;
  return setups[control] ?? UPLOAD_CONTROL_SETUP.UploadFile;
}

/** The configuration group holding a kind's limits. */
export const LIMITS_CONFIG_CODE = { image: 'IMAGECONFIG', file: 'FILECONFIG' } as const;

/**
 * The limits one field works with: the configuration group's (IMAGECONFIG / FILECONFIG, or the
 * spec defaults), overridden by the field's own parameData (fileSize, fileType, fileLimit). A
 * single-file control holds one file whatever the configuration says.
 */
export function fieldLimits(
  field: FieldDefinition,
  setup: UploadControlSetup,
  configured: UploadLimits,
): UploadLimits {
  const configuredLimits = uploadLimitsFrom(field.parameData, configured);
  // A field that converts to webp takes what the converter takes (jpg/png up to 10 MB): the hint,
  // the picker and the rule all read these, so they never disagree.
  const limits = convertsToWebp(field)
    ? { ...configuredLimits, fileType: [...WEBP_INPUT_TYPES], fileSize: WEBP_MAX_MB }
    : configuredLimits;
  if (!setup.multiple) return { ...limits, fileLimit: 1 };
  if (setup.source === 'library')
    return { ...limits, fileLimit: numberParam(field, 'fileLimit') ?? ATTACHMENT_PICKER_LIMIT };
  return limits;
}

/** The first rule a file breaks (type, then size), as the user-facing message; null when fine. */
export function fileProblem(
  file: { name: string; size: number },
  limits: UploadLimits,
): string | null {
  if (!limits.fileType.includes(fileExtension(file.name))) return t.wrongType(limits.fileType);
  return sizeProblem(file, limits);
}

/** The spec's message for a file over the size limit ('不能超过{n}MB'); null when it fits. */
export function sizeProblem(file: { size: number }, limits: UploadLimits): string | null {
  return file.size > limits.fileSize * 1024 * 1024 ? t.tooLarge(limits.fileSize) : null;
}

/** The count message when `adding` files would take a control holding `current` past `limit`. */
export function countProblem(current: number, adding: number, limit: number): string | null {
  // A single-file limit never refuses: the new file replaces the old one.
  if (limit <= 1) return null;
  return current + adding > limit ? t.tooMany(limit) : null;
}

/** Whether the field converts images to webp before uploading (parameData.webp). */
export function convertsToWebp(field: FieldDefinition): boolean {
  return booleanParam(field, 'webp');
}

/** Whether the field crops images before uploading (parameData.crop), and the aspect ratio. */
export function cropOf(field: FieldDefinition): { aspect: number } | null {
  if (!booleanParam(field, 'crop')) return null;
  const aspect = numberParam(field, 'aspect');
  return { aspect: aspect && aspect > 0 ? aspect : 1 };
}

/** The message refusing a file a webp-converting field cannot convert; null when it converts. */
export function webpProblem(file: { name: string; size: number }): string | null {
  const decision = webpDecision(file);
  if (decision === 'wrong-type') return t.webpWrongType;
  if (decision === 'too-large') return t.webpTooLarge(WEBP_MAX_MB);
  return null;
}

/** Image list layout (spec section 9: switches at 1 and 3 items). */
export function listLayout(count: number): 'single' | 'few' | 'grid' {
  if (count <= 1) return 'single';
  return count <= 3 ? 'few' : 'grid';
}
