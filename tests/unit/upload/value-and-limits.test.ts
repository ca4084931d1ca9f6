// @vitest-environment node
/**
 * The rules a user meets in every upload control: how a stored value reads back, which file is
 * refused with which message (spec section 5, with the numbers filled in), the single-file
 * replace rule, and which images are converted to webp.
 */
import { describe, expect, it } from 'vitest';
import {
  addAttachments,
  DEFAULT_UPLOAD_LIMITS,
  fileExtension,
  parseAttachmentValue,
  serializeAttachmentValue,
  uploadLimitsFrom,
  webpDecision,
  webpFileName,
  type AttachmentValue,
} from '@/core/attachment';
import {
  countProblem,
  cropOf,
  fieldLimits,
  fileProblem,
  listLayout,
  UPLOAD_CONTROL_SETUP,
  webpProblem,
} from '@/components/upload/limits';
import type { FieldDefinition } from '@/core/field-definition';

const MB = 1024 * 1024;
const a = (id: number): AttachmentValue => ({
  att_id: id,
  att_title: `图${id}.png`,
  att_url: `/storage/${id}`,
});

describe('attachment value codec (spec section 3)', () => {
  it.each([
    { name: 'empty text', given: '', want: [] },
    { name: 'blanks', given: '   ', want: [] },
    { name: 'null', given: null, want: [] },
    { name: 'undefined', given: undefined, want: [] },
    { name: 'a number', given: 42, want: [] },
    { name: 'broken JSON', given: '[{"att_url":', want: [] },
    { name: 'an empty array', given: '[]', want: [] },
    {
      name: 'the JSON text array',
      given: '[{"att_id":1,"att_title":"图1.png","att_url":"/storage/1"}]',
      want: [a(1)],
    },
    {
      name: 'one object instead of an array',
      given: '{"att_id":"7","att_title":"合同.pdf","att_url":"/storage/7"}',
      want: [{ att_id: '7', att_title: '合同.pdf', att_url: '/storage/7' }],
    },
    {
      name: 'a bare address (older records)',
      given: '/storage/logo.png',
      want: [{ att_id: 0, att_title: 'logo.png', att_url: '/storage/logo.png' }],
    },
    {
      name: 'items without an address are dropped, a missing title becomes the address',
      given: [{ att_id: 1 }, { att_url: '/storage/9' }, 'not-an-object-but-an-address'],
      want: [
        { att_id: 0, att_title: '/storage/9', att_url: '/storage/9' },
        {
          att_id: 0,
          att_title: 'not-an-object-but-an-address',
          att_url: 'not-an-object-but-an-address',
        },
      ],
    },
    {
      name: 'the cropper’s att_preview is kept',
      given: '[{"att_id":3,"att_title":"头像","att_url":"/o/3","att_preview":"/c/3"}]',
      want: [{ att_id: 3, att_title: '头像', att_url: '/o/3', att_preview: '/c/3' }],
    },
  ])('$name', ({ given, want }) => {
    expect(parseAttachmentValue(given)).toEqual(want);
  });

  it('stores a JSON text array that reads back the same, and nothing as empty text', () => {
    const items = [a(1), { ...a(2), att_preview: '/c/2' }];
    const text = serializeAttachmentValue(items);
    expect(text).toBe(
      '[{"att_id":1,"att_title":"图1.png","att_url":"/storage/1"},{"att_id":2,"att_title":"图2.png","att_url":"/storage/2","att_preview":"/c/2"}]',
    );
    expect(parseAttachmentValue(text)).toEqual(items);
    expect(serializeAttachmentValue([])).toBe('');
  });
});

describe('limits from IMAGECONFIG / FILECONFIG', () => {
  it('keeps the spec defaults when the group is missing or unusable', () => {
    expect(uploadLimitsFrom(undefined)).toEqual({
      fileSize: 5,
      fileType: ['png', 'jpg', 'jpeg', 'gif'],
      fileLimit: 9,
    });
    expect(uploadLimitsFrom({ fileSize: 'abc', fileType: '', fileLimit: 0 })).toEqual(
      DEFAULT_UPLOAD_LIMITS,
    );
  });

  it('reads text values as the settings screen stores them', () => {
    expect(
      uploadLimitsFrom({ fileSize: '20', fileType: 'doc, .DOCX，pdf', fileLimit: '3' }),
    ).toEqual({ fileSize: 20, fileType: ['doc', 'docx', 'pdf'], fileLimit: 3 });
  });

  const field = (control: FieldDefinition['cf_control'], parameData?: Record<string, unknown>) =>
    ({ cf_name: '字段', cf_fieldname: 'f', cf_control: control, parameData }) as FieldDefinition;

  it('gives single controls one file, library lists the picker’s 99, and lets a field override', () => {
    const limits = DEFAULT_UPLOAD_LIMITS;
    expect(fieldLimits(field('UploadImg'), UPLOAD_CONTROL_SETUP.UploadImg, limits).fileLimit).toBe(
      1,
    );
    expect(
      fieldLimits(field('UploadImgArr'), UPLOAD_CONTROL_SETUP.UploadImgArr, limits).fileLimit,
    ).toBe(9);
    expect(
      fieldLimits(field('UploadAttachmentArr'), UPLOAD_CONTROL_SETUP.UploadAttachmentArr, limits)
        .fileLimit,
    ).toBe(99);
    expect(
      fieldLimits(
        field('UploadFileArr', { fileSize: 2, fileType: 'pdf', fileLimit: 2 }),
        UPLOAD_CONTROL_SETUP.UploadFileArr,
        limits,
      ),
    ).toEqual({ fileSize: 2, fileType: ['pdf'], fileLimit: 2 });
  });

  it('a webp-converting field takes what the converter takes: its hint and rule agree', () => {
    const limits = fieldLimits(
      field('UploadImg', { webp: true }),
      UPLOAD_CONTROL_SETUP.UploadImg,
      DEFAULT_UPLOAD_LIMITS,
    );
    expect(limits).toEqual({ fileSize: 10, fileType: ['jpg', 'jpeg', 'png'], fileLimit: 1 });
    expect(fileProblem({ name: '横幅.gif', size: 1 }, limits)).toBe(
      '文件格式不正确，请上传jpg/jpeg/png格式!',
    );
    expect(fileProblem({ name: '横幅.png', size: 8 * MB }, limits)).toBeNull();
  });

  it('reads the crop option and its aspect ratio', () => {
    expect(cropOf(field('UploadImg'))).toBeNull();
    expect(cropOf(field('UploadImg', { crop: true }))).toEqual({ aspect: 1 });
    expect(cropOf(field('UploadImg', { crop: '1', aspect: '1.5' }))).toEqual({ aspect: 1.5 });
  });
});

describe('messages of a refused file (spec section 5)', () => {
  const limits = DEFAULT_UPLOAD_LIMITS;
  it.each([
    { name: 'allowed type, small', file: { name: '封面.PNG', size: 10 }, want: null },
    { name: 'exactly 5 MB', file: { name: 'a.jpg', size: 5 * MB }, want: null },
    {
      name: 'wrong type',
      file: { name: '说明.txt', size: 10 },
      want: '文件格式不正确，请上传png/jpg/jpeg/gif格式!',
    },
    {
      name: 'no extension',
      file: { name: 'README', size: 10 },
      want: '文件格式不正确，请上传png/jpg/jpeg/gif格式!',
    },
    {
      name: 'one byte over 5 MB',
      file: { name: 'a.gif', size: 5 * MB + 1 },
      want: '上传文件大小不能超过5MB!',
    },
  ])('$name → $want', ({ file, want }) => {
    expect(fileProblem(file, limits)).toBe(want);
  });

  it('names the configured numbers', () => {
    expect(
      fileProblem(
        { name: 'big.zip', size: 21 * MB },
        { fileSize: 20, fileType: ['zip'], fileLimit: 9 },
      ),
    ).toBe('上传文件大小不能超过20MB!');
    expect(countProblem(8, 2, 9)).toBe('超出文件数量限制，单次上传限制：9个文件');
    expect(countProblem(7, 2, 9)).toBeNull();
  });

  it('never refuses by count with a single-file limit: the new file replaces the old', () => {
    expect(countProblem(1, 1, 1)).toBeNull();
    expect(addAttachments([a(1)], [a(2)], 1)).toEqual({ items: [a(2)], refused: 0 });
    expect(addAttachments([a(1)], [a(2), a(3)], 1)).toEqual({ items: [a(3)], refused: 1 });
  });

  it('appends to a list up to its limit and counts what did not fit', () => {
    expect(addAttachments([a(1)], [a(2), a(3)], 3)).toEqual({
      items: [a(1), a(2), a(3)],
      refused: 0,
    });
    expect(addAttachments([a(1), a(2)], [a(3), a(4)], 3)).toEqual({
      items: [a(1), a(2), a(3)],
      refused: 1,
    });
    expect(addAttachments([], [], 3)).toEqual({ items: [], refused: 0 });
  });
});

describe('webp conversion (jpg, jpeg, png under 10 MB, quality 0.4)', () => {
  it.each([
    { file: { name: 'a.png', size: 10 * MB - 1 }, want: 'convert' },
    { file: { name: 'a.JPEG', size: 1 }, want: 'convert' },
    { file: { name: 'a.jpg', size: 10 * MB }, want: 'too-large' },
    { file: { name: 'a.gif', size: 1 }, want: 'wrong-type' },
    { file: { name: 'a.webp', size: 1 }, want: 'wrong-type' },
  ])('$file.name of $file.size bytes → $want', ({ file, want }) => {
    expect(webpDecision(file)).toBe(want);
  });

  it('says why a file is not converted, and names the result .webp', () => {
    expect(webpProblem({ name: 'a.gif', size: 1 })).toBe(
      '转换为 WebP 仅支持 jpg、jpeg、png 格式的图片!',
    );
    expect(webpProblem({ name: 'a.png', size: 12 * MB })).toBe(
      '转换为 WebP 的图片大小不能超过10MB!',
    );
    expect(webpProblem({ name: 'a.png', size: 1 })).toBeNull();
    expect(webpFileName('横幅.final.PNG')).toBe('横幅.final.webp');
    expect(fileExtension('.png')).toBe('png');
    expect(fileExtension('noext')).toBe('');
  });
});

describe('image list layout (switches at 1 and 3 items)', () => {
  it.each([
    [0, 'single'],
    [1, 'single'],
    [2, 'few'],
    [3, 'few'],
    [4, 'grid'],
    [12, 'grid'],
  ] as const)('%i images → %s', (count, layout) => {
    expect(listLayout(count)).toBe(layout);
  });
});
