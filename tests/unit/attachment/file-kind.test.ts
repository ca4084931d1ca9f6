// @vitest-environment node
/** Which previewer a file gets: by the title's or address's extension, else by content type. */
import { describe, expect, it } from 'vitest';
import {
  extensionOf,
  fileIconOf,
  previewKindOf,
  previewKindOfMime,
} from '@/components/file-preview/file-kind';

describe('preview kind', () => {
  it('the title decides first: an uploaded file’s address has no extension', () => {
    expect(previewKindOf('年度报告.PDF', '/storage/mock/12')).toBe('pdf');
    expect(previewKindOf('summary.docx', '/storage/mock/13')).toBe('docx');
    expect(previewKindOf('sales.xlsx', '/storage/mock/14')).toBe('xlsx');
    expect(previewKindOf('城市夜景素材', 'https://img.example.com/city-night.jpg?x=1#top')).toBe(
      'image',
    );
    expect(previewKindOf('旧版文档.doc', '/storage/file/a.doc')).toBe('other');
    expect(previewKindOf('无扩展名', '/storage/mock/15')).toBe('other');
  });

  it('the content type decides for an address without extension', () => {
    expect(previewKindOfMime('application/pdf')).toBe('pdf');
    expect(previewKindOfMime('image/png; charset=binary')).toBe('image');
    expect(
      previewKindOfMime('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    ).toBe('xlsx');
    expect(previewKindOfMime('text/plain')).toBe('other');
  });

  it('extensions and icons', () => {
    expect(extensionOf('/a.b/c')).toBe('');
    expect(extensionOf('.hidden')).toBe('');
    expect(extensionOf('report.final.XLSX?download=1')).toBe('xlsx');
    expect(fileIconOf('other', '旧版文档.doc')).toBe('pi pi-file-word');
    expect(fileIconOf('pdf')).toBe('pi pi-file-pdf');
  });
});
