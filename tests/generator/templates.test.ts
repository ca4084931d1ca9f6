// @vitest-environment node
/**
 * The templates print no contract text raw, and the three helpers that print it do their job.
 *
 * Every `<%- … %>` of templates/ prints one of (see generator/render/render-templates.ts):
 * - `literal.<name>`: a model value as a JavaScript literal (jsLiteral);
 * - `comment.<name>`: contract text mentioned in a comment, made comment-safe (commentText);
 * - `code.<name>`: a name the generator derived and checked as an identifier, from the
 *   whitelist below; or a loop variable over a `code.<list>`, or a property of one;
 * directly or through the per-item view of a loop (`screen.literal.route`,
 * `module.code.mockConst`). `<%=` escapes for HTML, which is wrong for code: it never appears.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commentText, identifier, jsKey, jsLiteral } from '../../generator/render/code-text';
import { REPO } from './helpers';

const TEMPLATES = path.join(REPO, 'templates');

/**
 * The `code.*` names render-templates.ts makes, each checked there with identifier(): the
 * module's const, mock const, page component and record type; the imported orval functions; the
 * query-key and API entries (capability → checked function name or adapter of one); and
 * render-sources.ts's const of an imported source (`petstoreSource`) and of a module's actions
 * (`petstorePetActions`).
 */
const CODE_NAMES = [
  'moduleConst',
  'mockConst',
  'pageComponent',
  'entityType',
  'imports',
  'queryKeys',
  'calls',
  'sourceConst',
  'actionsConst',
];

interface Tag {
  kind: string;
  body: string;
}

function tagsOf(source: string): Tag[] {
  return [...source.matchAll(/<%([-=_#]?)([\s\S]*?)[-_]?%>/g)].map((match) => ({
    kind: match[1]!,
    body: match[2]!.trim(),
  }));
}

/** What a template prints raw that the rules above do not allow, as `file: expression`. */
function rawPrints(file: string, source: string): string[] {
  const tags = tagsOf(source);
  const views = new Set<string>();
  const codeItems = new Set<string>();
  for (const { body } of tags) {
    for (const [, name, list] of body.matchAll(/for \(const (\w+) of ([\w.]+)\)/g)) {
      if (/(?:^|\.)code\.\w+$/.test(list!)) codeItems.add(name!);
      else views.add(name!);
    }
  }
  const allowed = (expression: string): boolean => {
    const made = /^(?:(\w+)\.)?(literal|comment|code)\.(\w+)$/.exec(expression);
    if (made) {
      const [, view, kind, name] = made;
      if (view !== undefined && !views.has(view)) return false;
      return kind !== 'code' || CODE_NAMES.includes(name!);
    }
    const item = /^(\w+)(?:\.\w+)?$/.exec(expression);
    return item !== null && codeItems.has(item[1]!);
  };
  return tags
    .filter(({ kind, body }) => kind === '=' || (kind === '-' && !allowed(body)))
    .map(({ kind, body }) => `${file}: <%${kind} ${body} %>`);
}

describe('templates', () => {
  const files = readdirSync(TEMPLATES).filter((name) => name.endsWith('.ejs'));

  it('print only literals, comment-safe text and checked generator-made names', () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
    const raw = files.flatMap((file) =>
      rawPrints(file, readFileSync(path.join(TEMPLATES, file), 'utf8')),
    );
    expect(raw).toEqual([]);
  });

  it('the scan catches contract text printed raw', () => {
    const template = [
      '/** <%- title %> */',
      'const a = <%- literal.title %>;',
      '<%= literal.route %>',
      '<% for (const name of code.imports) { -%><%- name %><% } -%>',
      '<% for (const screen of screens) { -%><%- screen.title %><%- screen.literal.x %><% } -%>',
      '<%- other.literal.title %> <%- code.title %>',
    ].join('\n');
    expect(rawPrints('x.ejs', template)).toEqual([
      'x.ejs: <%- title %>',
      'x.ejs: <%= literal.route %>',
      'x.ejs: <%- screen.title %>',
      'x.ejs: <%- other.literal.title %>',
      'x.ejs: <%- code.title %>',
    ]);
  });
});

describe('jsLiteral', () => {
  it('is JSON.stringify for plain data', () => {
    const value = {
      title: '公告管理',
      list: [1, 'a', null, true],
      nested: { a: -0.5 },
      skip: undefined,
    };
    expect(jsLiteral(value)).toBe(JSON.stringify(value));
  });

  it('escapes line terminators and </script, and keeps a __proto__ key a key', () => {
    expect(jsLiteral('a\u2028b\u2029c')).toBe('"a\\u2028b\\u2029c"');
    expect(jsLiteral('</script><SCRIPT>x</Script><!--')).toBe(
      '"<\\/script><SCRIPT>x<\\/Script><\\!--"',
    );
    expect(jsLiteral({ __proto__: 1 })).toBe('{}');
    const own = JSON.parse('{"__proto__": {"polluted": true}, "a": "`${x}`"}') as object;
    const literal = jsLiteral(own)!;
    expect(literal).toBe('{["__proto__"]:{"polluted":true},"a":"`${x}`"}');
    // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call -- evaluates the literal to prove it reads back
    const back = new Function(`return ${literal};`)() as Record<string, unknown>;
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.keys(back)).toEqual(['__proto__', 'a']);
    expect(JSON.stringify(back)).toBe(JSON.stringify(own));
  });

  it('writes a hand-made entry key the same way (generated/permissions.ts)', () => {
    expect(jsKey('adminnoticeAdd')).toBe('"adminnoticeAdd"');
    expect(jsKey('__proto__')).toBe('["__proto__"]');
  });

  it('leaves an absent value out and writes non-finite numbers as null', () => {
    expect(jsLiteral(undefined)).toBeUndefined();
    expect(jsLiteral([undefined, Number.NaN, Infinity])).toBe('[null,null,null]');
  });
});

describe('commentText', () => {
  it('keeps ordinary text as it is', () => {
    expect(commentText('公告管理 (/system/notice) `AdminNotice`')).toBe(
      '公告管理 (/system/notice) `AdminNotice`',
    );
  });

  it('cannot end the comment, start a line or close a script element', () => {
    const hostile = 'x */ console.log("INJECTED"); /* y\n\r\u2028\u2029\u0085\0z </script>';
    const safe = commentText(hostile);
    expect(safe).toBe('x *\\/ console.log("INJECTED"); /* y z <\\/script>');
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the comment text as code to prove it cannot escape
    const run = new Function(`/** ${safe} */ return 1;\n// ${safe}\n`) as () => number;
    expect(run()).toBe(1);
  });
});

describe('identifier', () => {
  it('passes identifiers and stops anything else as a generator bug', () => {
    expect(identifier('noticeModule', 'module const')).toBe('noticeModule');
    expect(() => identifier('x; run()', 'module const')).toThrow(
      'generator bug: module const "x; run()" is not a JavaScript identifier',
    );
  });
});
