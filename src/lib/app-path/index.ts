/**
 * Whether a string from outside the app's code — the login page's `redirect` query, a menu
 * address the server sends — names a page of this app.
 *
 * Browsers are lenient with addresses: they drop tabs and newlines, read '\' as '/', and take
 * '//host' or 'scheme:…' as another site. So '/\evil.example', '/<tab>/evil.example' and
 * '//evil.example' all leave the site, and the router refuses them with an exception. Such
 * strings are refused here rather than repaired: the caller falls back to a safe page.
 */

/** Any origin works: only paths that stay on it are kept. */
const BASE = 'https://app.invalid';

/** Backslash, whitespace (tab, newline, NBSP…), control and invisible formatting characters. */
const UNSAFE_CHARACTER = /[\\\s\p{Cc}\p{Cf}]/u;

/** Rounds of percent-decoding looked through ('%2509' is a tab encoded twice). */
const DECODE_ROUNDS = 3;

/** The text and its percent-decoded forms; undefined when one is malformed or too deep. */
function decodedForms(text: string): string[] | undefined {
  const forms = [text];
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    const current = forms[forms.length - 1]!;
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return forms;
    forms.push(next);
  }
  return undefined;
}

const leavesTheSite = (form: string) => UNSAFE_CHARACTER.test(form) || form.startsWith('//');

/**
 * The same-origin path (with its query and hash) `target` stands for, or undefined when it
 * is not one: it must start with a single '/', contain no backslash, whitespace or control
 * character (also once percent-decoded, in the path), and resolve on the app's own origin.
 *
 * @example appPath('/system/user?a=1') // '/system/user?a=1'
 * @example appPath('/\\evil.example') // undefined
 */
export function appPath(target: string): string | undefined {
  if (!target.startsWith('/') || leavesTheSite(target)) return undefined;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE) return undefined;
  // Dot segments can leave '//' at the start ('/a/../..//evil.example').
  const forms = decodedForms(url.pathname);
  if (!forms || forms.some(leavesTheSite)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
