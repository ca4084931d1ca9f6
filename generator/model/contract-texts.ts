/**
 * The contract's texts are one line of printable text. A title, label, placeholder, option
 * label, summary… reaches generated code (as a literal), generated comments, the menu, the
 * screen and — through 后台设计's 导出契约 — YAML written from what someone typed in a browser.
 * A line break there is never meant (the forms have one-line inputs) and is how text turns into
 * code or keys: `x\nx-injected: …` in a YAML comment, a line terminator inside a comment or a
 * string. So the generator refuses control characters in every text it reads, naming the file
 * and line, instead of guessing how to print them (seed records and descriptions may run over
 * lines: see mayHoldLineBreaks).
 */
import { isJson, type Json } from '../json';
import { HTTP_METHODS } from '../parse/operations';
import type { ValuePath } from '../parse/source-lines';
import { listOf, textOf } from '../../src/core/guards';

/**
 * What no contract text may hold: the C0 and C1 controls (general category Cc: NUL, tab, line
 * feed, carriage return, DEL…), the Unicode line and paragraph separators (line terminators to
 * JavaScript), the byte-order mark, and the bidirectional embeddings, overrides and isolates
 * (they make a line display in another order than it reads: "Trojan Source").
 */
export const UNPRINTABLE = /[\p{Cc}\u2028\u2029\ufeff\u202a-\u202e\u2066-\u2069]/u;

const CHARACTER_NAMES: Record<string, string> = {
  '\n': 'a line feed',
  '\r': 'a carriage return',
  '\t': 'a tab',
  '\0': 'a NUL',
  '\u2028': 'a line separator',
  '\u2029': 'a paragraph separator',
  '\ufeff': 'a byte-order mark',
};

/**
 * The first character of `text` no contract text may hold, named for a message; undefined when
 * there is none.
 *
 * @example unprintable('公告\n管理') // 'a line feed (U+000A)'
 * @example unprintable('公告管理') // undefined
 */
export function unprintable(text: string): string | undefined {
  const found = UNPRINTABLE.exec(text)?.[0];
  if (found === undefined) return undefined;
  const code = `U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  const name =
    CHARACTER_NAMES[found] ??
    (/\p{Cc}/u.test(found) ? 'a control character' : 'a bidirectional-text control');
  return `${name} (${code})`;
}

/** One refused text: where it is in the merged document, who owns it, and what is wrong. */
export interface TextProblem {
  at: ValuePath;
  /**
   * The tag or schema the text belongs to, as the model's problems name them (`tag notice`,
   * `components.schemas.AdminNotice.title`): where no file and line are known, `generate`
   * finds them from this prefix.
   */
  owner: string;
  message: string;
}

/** `x-admin.options[1].label`: a path below the owner, as the contract author reads it. */
function dotted(path: ValuePath): string {
  return path
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : `${index > 0 ? '.' : ''}${segment}`,
    )
    .join('');
}

/** A text in a message: quoted, with the characters no text may hold written as escapes. */
export function quoted(text: string): string {
  return JSON.stringify(text).replace(
    new RegExp(UNPRINTABLE.source, 'gu'),
    (found) => `\\u${found.codePointAt(0)!.toString(16).padStart(4, '0')}`,
  );
}

/** Why a text is refused, closing each such problem. */
const TEXT_RULE = 'a contract text is one line without control characters; remove it';

/** Every key and string of a parsed value, with its path and whether it is a key. */
export function* textsIn(
  value: unknown,
  at: ValuePath = [],
): Generator<[text: string, at: ValuePath, isKey: boolean]> {
  if (typeof value === 'string') yield [value, at, false];
  else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* textsIn(item, [...at, index]);
  } else if (isJson(value)) {
    for (const [key, item] of Object.entries(value)) {
      yield [key, [...at, key], true];
      yield* textsIn(item, [...at, key]);
    }
  }
}

/**
 * Seed records are data (a notice's body may well run over lines) and descriptions Markdown:
 * their values may hold line breaks and tabs. They reach generated code only as JSON literals,
 * or through orval and openapi-typescript, which escape comments themselves.
 */
function mayHoldLineBreaks(at: ValuePath): boolean {
  const inSeed = at.some((segment, index) => segment === 'seed' && at[index - 1] === 'x-admin');
  return inSeed || at[at.length - 1] === 'description';
}

/**
 * Why the key or text at `at` is refused, as the rest of a problem line; undefined when it is
 * fine.
 *
 * @example textProblem('a\nb', ['x-admin', 'title'], false)
 * // 'x-admin.title holds a line feed (U+000A): a contract text is one line without control characters; remove it'
 */
export function textProblem(text: string, at: ValuePath, isKey: boolean): string | undefined {
  const found = unprintable(!isKey && mayHoldLineBreaks(at) ? text.replace(/[\n\r\t]/g, '') : text);
  if (!found) return undefined;
  const what = isKey
    ? `the key ${quoted(text)} of ${dotted(at.slice(0, -1)) || 'the document'}`
    : dotted(at);
  return `${what} holds ${found}: ${TEXT_RULE}`;
}

/** The problems of the texts in `texts` (named by their keys), found at `base` + their path. */
function check(problems: TextProblem[], owner: string, base: ValuePath, texts: Json): void {
  for (const [text, at, isKey] of textsIn(texts)) {
    const message = textProblem(text, at, isKey);
    if (message) problems.push({ at: [...base, ...at], owner, message });
  }
}

/**
 * Every contract text the generator reads that holds a character no text may hold: tag names
 * and each tag's x-admin, operation ids, summaries and x-admin, and each schema's x-admin and
 * property names with their x-admin.
 *
 * @example
 * contractTextProblems({ tags: [{ name: 'x', 'x-admin': { title: 'a\nb' } }], paths: {}, components: {} })
 * // [{ at: ['tags', 0, 'x-admin', 'title'], owner: 'tag x',
 * //    message: 'x-admin.title holds a line feed (U+000A): a contract text is one line without control characters; remove it' }]
 */
export function contractTextProblems(document: Json): TextProblem[] {
  const problems: TextProblem[] = [];
  const tags = Array.isArray(document.tags) ? document.tags : [];
  for (const [index, tag] of tags.entries()) {
    if (!isJson(tag)) continue;
    const owner = `tag ${String(tag.name)}`;
    check(problems, owner, ['tags', index], { name: tag.name, 'x-admin': tag['x-admin'] });
  }
  const paths = isJson(document.paths) ? document.paths : {};
  for (const [route, item] of Object.entries(paths)) {
    if (!isJson(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isJson(operation)) continue;
      const tag = listOf(operation.tags)[0];
      // The model's problems name a tag; an operation is found through it (its file).
      const owner = `${tag === undefined ? '' : `tag ${textOf(tag)}: `}${method.toUpperCase()} ${route}`;
      const texts = {
        operationId: operation.operationId,
        summary: operation.summary,
        'x-admin': operation['x-admin'],
      };
      check(problems, owner, ['paths', route, method], texts);
    }
  }
  const components = isJson(document.components) ? document.components : {};
  const schemas = isJson(components.schemas) ? components.schemas : {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isJson(schema)) continue;
    const base = ['components', 'schemas', name];
    check(problems, `components.schemas.${name}`, base, { 'x-admin': schema['x-admin'] });
    const properties = isJson(schema.properties) ? schema.properties : {};
    for (const [property, value] of Object.entries(properties)) {
      const owner = `components.schemas.${name}.${property}`;
      const found = unprintable(property);
      if (found)
        problems.push({
          at: [...base, 'properties', property],
          owner: `components.schemas.${name}`,
          message: `the property name ${quoted(property)} holds ${found}: ${TEXT_RULE}`,
        });
      else if (isJson(value))
        check(problems, owner, [...base, 'properties', property], { 'x-admin': value['x-admin'] });
    }
  }
  return problems;
}

/**
 * A text problem as one line: `file:line: owner: message` when `locate` knows the place, else
 * `owner: message` (which `generate` locates by the owner's tag or schema).
 */
export function formatTextProblem(
  problem: TextProblem,
  locate?: (at: ValuePath) => string | undefined,
): string {
  const where = locate?.(problem.at);
  return `${where ? `${where}: ` : ''}${problem.owner}: ${problem.message}`;
}
