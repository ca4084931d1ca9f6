/**
 * Keyword matching of the menu search (全部应用). A keyword matches a text that contains it
 * (Chinese or letters, any case) and, once the pinyin data has loaded, a text whose pinyin or
 * initials it spells: `gly` and `guanli` both find 管理员管理. pinyin-pro carries its dictionary,
 * so it is loaded with a dynamic import on the first keyword typed, never with the shell (the
 * /login and homepage size budgets); until it is there, the plain match answers alone.
 */
import { useEffect, useState } from 'react';

/** Whether `letters` (lower case, no spaces) spells `text` in pinyin or pinyin initials. */
export type PinyinMatch = (text: string, letters: string) => boolean;

let loading: Promise<PinyinMatch> | undefined;

export function loadPinyinMatch(): Promise<PinyinMatch> {
  loading ??= import('pinyin-pro').then(
    ({ match }): PinyinMatch =>
      (text, letters) =>
        match(text, letters) !== null,
    (error: unknown) => {
      // A failed chunk load (offline) is tried again by the next search.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Latin letters, with the spaces or apostrophes people type between syllables. */
const LETTERS = /^[a-z][a-z\s']*$/;

export function keywordMatches(text: string, keyword: string, pinyin?: PinyinMatch): boolean {
  const needle = keyword.trim().toLowerCase();
  if (!needle || text.toLowerCase().includes(needle)) return true;
  return pinyin !== undefined && LETTERS.test(needle) && pinyin(text, needle.replace(/[\s']/g, ''));
}

/** The pinyin matcher, loaded once `wanted` (a keyword was typed); undefined until then. */
export function usePinyinMatch(wanted: boolean): PinyinMatch | undefined {
  const [pinyin, setPinyin] = useState<PinyinMatch>();
  useEffect(() => {
    if (!wanted || pinyin) return;
    let live = true;
    loadPinyinMatch().then(
      (loaded) => {
        if (live) setPinyin(() => loaded);
      },
      () => undefined, // the plain match goes on; emptying the box and typing again retries
    );
    return () => {
      live = false;
    };
  }, [wanted, pinyin]);
  return pinyin;
}
