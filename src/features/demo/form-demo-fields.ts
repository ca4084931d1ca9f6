import type { FieldDefinition } from '@/core/field-definition';
import { uploadDemo } from '@/locale/upload';

const f = uploadDemo.fields;

/** One field of each upload control, plus a cropping, a webp-converting and a Word-import field. */
export const DEMO_FIELDS: FieldDefinition[] = [
  { cf_name: f.image, cf_fieldname: 'image', cf_control: 'UploadImg' },
  { cf_name: f.file, cf_fieldname: 'file', cf_control: 'UploadFile' },
  { cf_name: f.images, cf_fieldname: 'images', cf_control: 'UploadImgArr' },
  { cf_name: f.files, cf_fieldname: 'files', cf_control: 'UploadFileArr' },
  { cf_name: f.attachment, cf_fieldname: 'attachment', cf_control: 'UploadAttachment' },
  { cf_name: f.attachments, cf_fieldname: 'attachments', cf_control: 'UploadAttachmentArr' },
  { cf_name: f.attachmentFile, cf_fieldname: 'attachmentFile', cf_control: 'UploadAttachmentFile' },
  {
    cf_name: f.attachmentFiles,
    cf_fieldname: 'attachmentFiles',
    cf_control: 'UploadAttachmentFileArr',
  },
  {
    cf_name: f.cropped,
    cf_fieldname: 'avatar',
    cf_control: 'UploadImg',
    parameData: { crop: true, aspect: 1 },
  },
  { cf_name: f.webp, cf_fieldname: 'banner', cf_control: 'UploadImg', parameData: { webp: true } },
  {
    cf_name: f.content,
    cf_fieldname: 'content',
    cf_control: 'textarea',
    cf_length: 5000,
    parameData: { wordImport: true },
  },
];
