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
