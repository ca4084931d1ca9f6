/**
 * A field's label as a person reads it: the schema's `title`, else the first sentence of its
 * `description` (when short enough to be a label), else the name made readable — `item_id` →
 * `Item id`, `createdAt` → `Created at`. A description that says more than the label becomes
 * the field's help text (`x-admin.help`, shown under the input).
 */
import type { Json } from '../json';

/** A first sentence longer than this is a description, not a label. */
const LABEL_MAX = 40;

/** @example readableName('item_id') // 'Item id' */
export function readableName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((word, index) => (index > 0 && !/^[A-Z0-9]+$/.test(word) ? word.toLowerCase() : word));
  const text = words.join(' ');
  return text === '' ? name : text.charAt(0).toUpperCase() + text.slice(1);
}

function firstSentence(description: string): string | undefined {
  const line = description.trim().split('\n')[0]?.trim() ?? '';
  const sentence = (line.split(/(?<=[.!?。])\s/)[0] ?? '').replace(/[.。]$/, '').trim();
  // Markdown and links make no label.
  if (sentence === '' || sentence.length > LABEL_MAX || /[`[\]<>*]/.test(sentence))
    return undefined;
  return sentence;
}

/**
 * @example fieldLabel('item_id', {}, {}) // 'Item id'
 * @example fieldLabel('n', { description: 'Number of seats. At least one.' }, {}) // 'Number of seats'
 */
export function fieldLabel(name: string, raw: Json, resolved: Json): string {
  for (const schema of [raw, resolved]) {
    const title = schema.title;
    if (typeof title === 'string' && title.trim() !== '') return title.trim();
  }
  for (const schema of [raw, resolved]) {
    const description = schema.description;
    const sentence = typeof description === 'string' ? firstSentence(description) : undefined;
    if (sentence) return sentence;
  }
  return readableName(name);
}

/** Longest help text kept: a description longer than this is a document, cut with an ellipsis. */
const HELP_MAX = 300;

/**
 * The field's help text: its `description` (the property's own, else its schema's) when it says
 * more than `label`, on one line; none when the label is the whole description.
 *
 * @example fieldHelp('Number of seats', { description: 'Number of seats. At least one.' }, {}) // 'Number of seats. At least one.'
 * @example fieldHelp('Number of seats', { description: 'Number of seats.' }, {}) // undefined
 */
export function fieldHelp(label: string, raw: Json, resolved: Json): string | undefined {
  const description = [raw.description, resolved.description].find(
    (text): text is string => typeof text === 'string' && text.trim() !== '',
  );
  if (description === undefined) return undefined;
  const text = description.replace(/\s+/g, ' ').trim();
  if (text.replace(/[.。]$/, '') === label) return undefined;
  return text.length > HELP_MAX ? `${text.slice(0, HELP_MAX - 1)}…` : text;
}

/**
 * A screen's title from its path, never from a schema name (`NewItem`): the last segment that
 * is no parameter, readable.
 *
 * @example screenTitle('/articles/{slug}/comments') // 'Comments'
 */
export function screenTitle(collectionPath: string): string {
  const statics = collectionPath
    .split('/')
    .filter((segment) => segment && !segment.startsWith('{'));
  return readableName(statics.at(-1) ?? collectionPath);
}

/** Leading segments that name nothing a person tells screens apart by: /api, /rest, /v2. */
const PREFIX_SEGMENT = /^(api|rest|v\d+(\.\d+)*)$/i;

/** The path's segments before its last static one, leading prefixes (/api/v2) dropped. */
function segmentsBeforeName(collectionPath: string): string[] {
  const segments = collectionPath.split('/').filter(Boolean);
  const last = segments.findLastIndex((segment) => !segment.startsWith('{'));
  const before = segments.slice(0, Math.max(last, 0));
  while (before.length > 0 && PREFIX_SEGMENT.test(before[0]!)) before.shift();
  return before;
}

const qualified = (title: string, qualifier: string) =>
  qualifier === '' ? title : `${title}（${qualifier}）`;

const allDistinct = (titles: readonly string[]) => new Set(titles).size === titles.length;

/**
 * The titles of one source's screens, which share a menu group: each `screenTitle`, and where
 * two would read the same, each qualified by as many of the static segments before its name as
 * tell them apart (a collection with none keeps the plain name); where only a parameter differs,
 * by the path itself; a number as the last resort. A source without such clashes keeps its titles.
 *
 * @example screenTitles(['/v2/account/keys', '/v2/spaces/keys']) // ['Keys（Account）', 'Keys（Spaces）']
 * @example screenTitles(['/sessions', '/admin/sessions']) // ['Sessions', 'Sessions（Admin）']
 */
export function screenTitles(collectionPaths: readonly string[]): string[] {
  const titles = collectionPaths.map(screenTitle);
  const clashes = new Map<string, number[]>();
  titles.forEach((title, index) => clashes.set(title, [...(clashes.get(title) ?? []), index]));
  for (const [title, indexes] of clashes) {
    if (indexes.length < 2) continue;
    const before = indexes.map((index) => segmentsBeforeName(collectionPaths[index]!));
    const statics = before.map((segments) => segments.filter((s) => !s.startsWith('{')));
    const deepest = Math.max(...statics.map((segments) => segments.length));
    const qualifiedBy = (depth: number) =>
      statics.map((segments) =>
        qualified(
          title,
          segments.length === 0 ? '' : readableName(segments.slice(-depth).join(' ')),
        ),
      );
    let chosen: string[] | undefined;
    for (let depth = 1; depth <= deepest && !chosen; depth += 1) {
      const candidate = qualifiedBy(depth);
      if (allDistinct(candidate)) chosen = candidate;
    }
    if (!chosen) {
      // Same static segments, a parameter apart (/volumes/snapshots, /volumes/{volume_id}/snapshots):
      // those still alike are qualified by their path, parameter and all.
      const nearest = qualifiedBy(deepest);
      chosen = nearest.map((candidate, n) =>
        nearest.indexOf(candidate) !== nearest.lastIndexOf(candidate) &&
        before[n]!.some((segment) => segment.startsWith('{'))
          ? qualified(title, before[n]!.join('/'))
          : candidate,
      );
    }
    indexes.forEach((index, n) => (titles[index] = chosen[n]!));
  }
  // A qualified title that meets another screen's: numbered, in path order.
  const seen = new Map<string, number>();
  return titles.map((title) => {
    const count = (seen.get(title) ?? 0) + 1;
    seen.set(title, count);
    return count === 1 ? title : `${title}（${count}）`;
  });
}
