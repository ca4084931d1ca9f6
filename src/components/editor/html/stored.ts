/**
 * Any HTML entering the editor → the HTML the editor would store for it: through the sanitiser,
 * read into blocks and written back by the serializer. The source view hands its text to the form
 * this way, so what a submit made in source view stores is what leaving the source view first
 * would have stored — never the raw text, never the blocks as they were before the source edit.
 */
import { htmlToBlocks } from './parse';
import { sanitizeEditorHtml } from './sanitize';
import { blocksToHtml } from './serialize';

export function storedHtmlOf(html: string): string {
  if (!html.trim()) return '';
  return blocksToHtml(htmlToBlocks(sanitizeEditorHtml(html)));
}
