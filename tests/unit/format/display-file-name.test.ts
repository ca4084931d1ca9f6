// @vitest-environment node
/**
 * Uploaded file names are shown without bidirectional controls: 'invoice\u202Egpj.exe' would
 * otherwise read as 'invoiceexe.jpg' and hide what the file really is.
 */
import { describe, expect, it } from 'vitest';
import { displayFileName } from '@/lib/format';

describe('displayFileName', () => {
  it.each([
    ['invoice\u202Egpj.exe', 'invoicegpj.exe'],
    ['\u202Aa\u202Bb\u202Cc\u202Dd\u202Ee', 'abcde'],
    ['\u2066报告\u2067\u2068.pdf\u2069', '报告.pdf'],
    ['left\u200Eright\u200F.txt', 'leftright.txt'],
    ['arabic\u061C.docx', 'arabic.docx'],
    ['年度报告 2025.docx', '年度报告 2025.docx'],
    ['', ''],
  ])('%j → %j', (name, shown) => {
    expect(displayFileName(name)).toBe(shown);
  });

  it('keeps every other character, right-to-left letters included', () => {
    expect(displayFileName('تقرير.pdf')).toBe('تقرير.pdf');
    expect(displayFileName('a\u200Db')).toBe('a\u200Db');
  });
});
