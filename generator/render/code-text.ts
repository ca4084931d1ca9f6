/**
 * How contract text reaches generated code. Titles, labels, routes, seeds… are written by
 * whoever edits the contract — and, through 后台设计 → 导出契约 → import-module, by whoever
 * designs a module in the browser — so the templates never print them raw: a value lands as a
 * JavaScript literal (`jsLiteral`), a mention in a comment as comment-safe text (`commentText`),
 * and the only raw names are identifiers the generator derived itself, checked by `identifier`.
 */
import { UNPRINTABLE } from '../model/contract-texts';

/**
 * Runs of the characters no contract text may hold (line terminators for some reader of the
 * generated file, other controls, bidi overrides): the model refuses them in the texts it reads,
 * and a comment drops them whatever it is given.
 */
const LINE_BREAKS_AND_CONTROLS = new RegExp(`${UNPRINTABLE.source}+`, 'gu');

/**
 * `</script` and `<!--` end or open an HTML script context; escaped they read the same to
 * JavaScript, so a generated file pasted into a page (a bundle inlined by a tool, a preview)
 * still cannot close its script element.
 */
function htmlSafe(text: string): string {
  return text.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

/**
 * A string literal of any text: its JSON string made JavaScript-safe (U+2028/U+2029 are line
 * terminators to older parsers, and `</script` closes a script element).
 *
 * @example jsString('it\'s') // '"it\'s"'
 */
export function jsString(text: string): string {
  const json = JSON.stringify(text);
  // Most texts need none of the replacements: one scan instead of four (seeds add up).
  if (!/[<\u2028\u2029]/.test(json)) return json;
  return htmlSafe(json.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029'));
}

/**
 * A JavaScript literal of a JSON-like value: what JSON.stringify writes (prettier lays it out
 * later), with every string through `jsString` and an own `__proto__` key written as a
 * computed key — in an object literal `"__proto__": x` sets the prototype instead of making a
 * property, so the value would not come back as the contract wrote it. `undefined` stays
 * undefined (a template's `if (literal.x)` then leaves the key out).
 *
 * @example jsLiteral({ title: '公告</script>' }) // '{"title":"公告<\\/script>"}'
 * @example jsLiteral(undefined) // undefined
 */
export function jsLiteral(value: unknown): string | undefined {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol')
    return undefined;
  if (typeof value === 'string') return jsString(value);
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'bigint') throw new Error('a bigint has no JSON literal');
  if (Array.isArray(value)) return `[${value.map((item) => jsLiteral(item) ?? 'null').join(',')}]`;
  const entries = Object.entries(value).flatMap(([key, item]) => {
    const literal = jsLiteral(item);
    if (literal === undefined) return [];
    return [`${jsKey(key)}:${literal}`];
  });
  return `{${entries.join(',')}}`;
}

/**
 * A property name in an object literal: a string literal, computed for `__proto__` (which as a
 * plain key sets the object's prototype instead).
 *
 * @example jsKey('adminnoticeAdd') // '"adminnoticeAdd"'
 * @example jsKey('__proto__') // '["__proto__"]'
 */
export function jsKey(key: string): string {
  return key === '__proto__' ? `[${jsString(key)}]` : jsString(key);
}

/**
 * Text made safe inside a generated `/* … *\/` or `//` comment, on one line: line breaks and
 * control characters become one space each run, `*\/` cannot close the comment, and `</script`
 * cannot close a script element. Text that needs none of this comes back unchanged.
 *
 * @example commentText('公告\n管理') // '公告 管理'
 * @example commentText('a *' + '/ b') // 'a *\\/ b' (the closing mark, written apart here for this very reason)
 */
export function commentText(text: string): string {
  return htmlSafe(text.replace(LINE_BREAKS_AND_CONTROLS, ' ').replace(/\*\//g, '*\\/'));
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A name printed raw into generated code (a const, a component, an imported function), checked
 * to be a plain identifier. The generator derives these names from validated keys, so a failure
 * here is a generator bug, not a contract mistake.
 *
 * @example identifier('noticeModule', 'module const') // 'noticeModule'
 * @example identifier('x; run()', 'module const') // throws
 */
export function identifier(name: string, what: string): string {
  if (!IDENTIFIER.test(name))
    throw new Error(`generator bug: ${what} "${name}" is not a JavaScript identifier`);
  return name;
}
