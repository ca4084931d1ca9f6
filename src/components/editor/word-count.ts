/**
 * The editor's word count (spec section 5): on by default with a limit of 10000 and an overflow
 * message; the product setting turns it off. A Chinese (or other CJK) character counts one, a
 * run of letters or digits in other scripts counts one word; punctuation and markup count nothing.
 */
import { htmlToText } from '@/components/upload/word-import';
import { editorStatus } from '@/locale/editor';
import { EDITOR_LIMITS } from './model/blocks';

const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}`;
const WORD = new RegExp(
  String.raw`[${CJK}]|(?:(?![${CJK}])[\p{L}\p{N}])+(?:['’-](?:(?![${CJK}])[\p{L}\p{N}])+)*`,
  'gu',
);

/** Words in text: one per CJK character, one per latin word (don't, e-mail and 2024 are one each). */
export function countTextWords(text: string): number {
  let count = 0;
  for (const _ of text.matchAll(WORD)) count += 1;
  return count;
}

/** Words of stored HTML (paragraph boundaries separate words). */
export function countWords(html: string): number {
  return countTextWords(htmlToText(html));
}

export interface WordCountState {
  count: number;
  limit: number;
  /** Words still allowed (negative when over). */
  left: number;
  over: boolean;
  /** The status bar text: the count, or the overflow message. */
  message: string;
}

/** The count against the limit, with the message the status bar shows. */
export function checkWordLimit(
  html: string,
  limit: number = EDITOR_LIMITS.wordLimit,
): WordCountState {
  const count = countWords(html);
  const left = limit - count;
  const over = left < 0;
  return {
    count,
    limit,
    left,
    over,
    message: over ? editorStatus.wordOverflow : editorStatus.wordCount(count, left),
  };
}
