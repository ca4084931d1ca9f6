// @vitest-environment node
/**
 * The documentation a newcomer follows (issue 52): every relative link and image in the README
 * files, CONTRIBUTING, CHANGELOG and docs/ names a file of the repository that exists (anchors
 * are not checked), the README stays short, and every page of docs/ is reachable from it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
const TOP_LEVEL_DOCS = ['README.md', 'README.zh-CN.md', 'CONTRIBUTING.md', 'CHANGELOG.md'];
/** The hard limit: past it the README is a manual again, and belongs in docs/. */
const README_MAX_LINES = 220;

function markdownFilesUnder(folder: string): string[] {
  const absolute = path.join(ROOT, folder);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(folder, name));
}

const documents = [
  ...TOP_LEVEL_DOCS.filter((name) => existsSync(path.join(ROOT, name))),
  ...markdownFilesUnder('docs'),
];

/**
 * The link targets of a Markdown text: inline links and images `[text](target "title")`,
 * `<target>` in angle brackets, and reference definitions `[name]: target`. Code (fenced blocks
 * and inline spans) is left out: a path shown as code is an example, not a link.
 */
function linkTargets(markdown: string): string[] {
  const prose = markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .replace(/`[^`\n]*`/g, '');
  // The regular expressions' one group always takes part in a match; `?? []` tells TypeScript.
  const firstGroups = (matches: IterableIterator<RegExpMatchArray>) =>
    [...matches].flatMap((match) => match[1] ?? []);
  const inline = firstGroups(prose.matchAll(/\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g));
  const references = firstGroups(prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/gm));
  return [...inline, ...references].map((target) => target.replace(/^<|>$/g, ''));
}

/** A target inside the repository: no scheme (http:, mailto:…), not a bare anchor. */
const isRelative = (target: string) =>
  !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#');

/** The relative targets of `file` that name nothing in the repository, as `file → target`. */
function brokenLinks(file: string, markdown: string): string[] {
  return linkTargets(markdown)
    .filter(isRelative)
    .filter((target) => {
      const withoutAnchor = decodeURI(target.replace(/[#?].*$/, ''));
      if (withoutAnchor === '') return false;
      const resolved = path.resolve(path.dirname(path.join(ROOT, file)), withoutAnchor);
      const inside = resolved === ROOT || resolved.startsWith(ROOT + path.sep);
      return !inside || !existsSync(resolved);
    })
    .map((target) => `${file} → ${target}`);
}

describe('documentation links', () => {
  it('finds a planted broken link and image, and leaves code, anchors and web addresses alone', () => {
    const planted = [
      'See [the missing page](docs/missing.md#part) and ![a picture](docs/images/none.png).',
      '[outside](../shared/DESIGN.md) leaves the repository.',
      '[ref]: docs/also-missing.md',
      '[ok](README.md), [anchor](#top), [web](https://example.com/x.md), `[code](nope.md)`',
      '```md',
      '[in a block](nope-either.md)',
      '```',
    ].join('\n');
    expect(brokenLinks('README.md', planted)).toEqual([
      'README.md → docs/missing.md#part',
      'README.md → docs/images/none.png',
      'README.md → ../shared/DESIGN.md',
      'README.md → docs/also-missing.md',
    ]);
  });

  it.each(documents)('every relative link of %s names a file that exists', (file) => {
    expect(brokenLinks(file, readFileSync(path.join(ROOT, file), 'utf8'))).toEqual([]);
  });

  it(`keeps the README within ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(path.join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('links every page of docs/ from the README, so none is left where nobody finds it', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const linked = new Set(
      linkTargets(readme)
        .filter(isRelative)
        .map((target) => path.normalize(target.replace(/[#?].*$/, ''))),
    );
    const pages = markdownFilesUnder('docs').filter((file) =>
      statSync(path.join(ROOT, file)).isFile(),
    );
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.filter((page) => !linked.has(path.normalize(page)))).toEqual([]);
  });
});
