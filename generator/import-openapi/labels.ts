/**
 * A field's label as a person reads it: the schema's `title`, else the first sentence of its
 * `description` (when short enough to be a label), else the name made readable — `item_id` →
 * `Item id`, `createdAt` → `Created at`. The field model has no place for help text yet, so a
 * longer description stays in the document only.
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
