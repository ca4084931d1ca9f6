/**
 * The source view's text as the editor stores it (html/stored.ts): a submit, a draft or the
 * form's unsaved-input question made while the source is shown see what the source holds, through
 * the sanitiser and the codec — the same HTML leaving the source view first would have stored.
 */
import { describe, expect, it } from 'vitest';
import {
  blocksToHtml,
  htmlToBlocks,
  sanitizeEditorHtml,
  storedHtmlOf,
} from '@/components/editor/html';
import { XSS_CORPUS, dangerousMarkup } from '../../fixtures/editor/xss-corpus';

describe('source view text → stored HTML', () => {
  it('keeps what was typed in the source', () => {
    expect(storedHtmlOf('<p>hello from source view</p>')).toBe('<p>hello from source view</p>');
    expect(storedHtmlOf('<h2>标题</h2><p><b>粗</b>体</p>')).toBe(
      '<h2>标题</h2>\n<p><b>粗</b>体</p>',
    );
  });

  it('is what leaving the source view stores (sanitise, blocks, serializer)', () => {
    const typed =
      '<p style="text-align:center; color: red">居中<strong>加粗</strong></p><ul><li>一</li><li>二</li></ul>' +
      '<table><tr><td colspan="2">合并</td></tr><tr><td>1</td><td>2</td></tr></table>';
    expect(storedHtmlOf(typed)).toBe(blocksToHtml(htmlToBlocks(sanitizeEditorHtml(typed))));
  });

  it('an empty or blank source stores nothing', () => {
    expect(storedHtmlOf('')).toBe('');
    expect(storedHtmlOf('  \n ')).toBe('');
  });

  it('lets no script through', () => {
    for (const { name, html } of XSS_CORPUS) {
      expect({ name, found: dangerousMarkup(storedHtmlOf(`<p>前</p>${html}`)) }).toEqual({
        name,
        found: [],
      });
    }
  });

  it('shows a remote image only as a link (the editor captures it before it gets here)', () => {
    const stored = storedHtmlOf('<p>图<img src="http://img.example.com/a.jpg"></p>');
    expect(stored).not.toContain('<img');
    expect(stored).toContain('href="http://img.example.com/a.jpg"');
  });
});
