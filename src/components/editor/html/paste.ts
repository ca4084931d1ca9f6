/**
 * What a paste into the editor may be, and the HTML → blocks work for a pasted page (issue 49
 * case 9: 100 KB of HTML took 4.6 s, 5 MB left the page unresponsive for more than 90 s).
 *
 * The cap, 1 MiB of clipboard text (HTML, or the plain text when there is none), is checked
 * before any work. Why that size: what the editor stores is at most the contract's 65,535
 * characters of HTML (adminnotice notice_content), of which the spec's 10,000-character word
 * limit is the text. A browser's or Word's clipboard HTML carries several times its text in
 * markup that the sanitiser drops (Word's mso styles, spans per run, class soup), so a paste that
 * can still be saved once cleaned stays well under 1 MiB; anything bigger could never be saved,
 * and is refused at once with a message instead of costing the page seconds of work first.
 */
import type { EditorBlock } from '../model/blocks';
import { htmlToBlocks } from './parse';

/** The largest clipboard text (UTF-16 code units, as `string.length` counts) a paste may carry. */
export const PASTE_LIMIT_CHARS = 1024 * 1024;

/** The User Timing measures of a pasted page: HTML → blocks, and until the blocks are in. */
export const PASTE_MEASURES = {
  blocks: 'editor-paste:blocks',
  inserted: 'editor-paste:inserted',
} as const;

/** The size the cap is checked against: the HTML when the clipboard has it, else the text. */
export function pastedSize(html: string, text: string): number {
  return html ? html.length : text.length;
}

/** Whether the clipboard's content is over the cap (checked before anything reads it). */
export function pasteTooLarge(html: string, text: string): boolean {
  return pastedSize(html, text) > PASTE_LIMIT_CHARS;
}

/**
 * A pasted page as blocks: one sanitising pass over the whole HTML (DOMPurify with the editor's
 * policy, inside the parser), then one walk over the result. Linear in the HTML's size.
 */
export function pastedBlocks(html: string): EditorBlock[] {
  if (!html.trim()) return [];
  return htmlToBlocks(html).blocks;
}
