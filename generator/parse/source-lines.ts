/**
 * Where a contract problem is: `paths/adminnotice.yaml:33`. The contract's values come from
 * Redocly's YAML loader (what Redocly lints); this second, position-keeping parse (the `yaml`
 * library) only runs for a file once a problem in it has to be reported.
 */
import path from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';

/** A path into a parsed YAML value: mapping keys and sequence indexes. */
export type ValuePath = readonly (string | number)[];

interface Parsed {
  document: Document;
  lines: LineCounter;
}

/** A folder or file as the user would type it: relative to the working directory, absolute outside it. */
export function shownPath(target: string): string {
  const relative = path.relative(process.cwd(), target) || '.';
  // Outside the working folder, `../../x` says less than where it is: the absolute path.
  return relative.startsWith('..') ? path.resolve(target) : relative;
}

/** One segment of a JSON pointer, unescaped as Redocly's resolver does (~1, ~0, then %XX). */
export function unescapeSegment(segment: string): string {
  const plain = segment.replace(/~1/g, '/').replace(/~0/g, '~');
  try {
    return decodeURIComponent(plain);
  } catch {
    return plain;
  }
}

/**
 * A JSON pointer of the merged document (`#/paths/~1api~1login/post`, as Redocly reports
 * them) as a path for `locate`.
 *
 * @example pointerPath('#/paths/~1api~1login/post') // ['paths', '/api/login', 'post']
 */
export function pointerPath(pointer: string): string[] {
  return pointer.replace(/^#\/?/, '').split('/').filter(Boolean).map(unescapeSegment);
}

function rangeStart(node: unknown): number | undefined {
  if (typeof node !== 'object' || node === null || !('range' in node)) return undefined;
  return (node as { range?: readonly number[] }).range?.[0];
}

/**
 * The source text of every contract file, by label (`openapi.yaml`, `paths/tool.yaml`).
 *
 * @example
 * const sources = new ContractSources();
 * sources.add('paths/x.yaml', 'paths:\n  /api/x/list:\n    post: {}\n');
 * sources.where('paths/x.yaml', ['paths', '/api/x/list', 'post']); // 'paths/x.yaml:3'
 */
export class ContractSources {
  private readonly texts = new Map<string, string>();
  private readonly parsed = new Map<string, Parsed | undefined>();

  add(label: string, text: string): void {
    this.texts.set(label, text);
  }

  /**
   * The 1-based line of the node at `path` (the key's line for a mapping entry, the item's
   * line for a sequence entry). Where the path cannot be followed (through an alias or a merge
   * key, say) the deepest node reached stands in; undefined when the file does not parse.
   */
  lineOf(label: string, path: ValuePath): number | undefined {
    const parsed = this.parse(label);
    if (!parsed) return undefined;
    let node: unknown = parsed.document.contents;
    let offset = rangeStart(node);
    for (const segment of path) {
      if (isMap(node)) {
        const pair = node.items.find(
          (item) => isScalar(item.key) && String(item.key.value) === String(segment),
        );
        if (!pair) break;
        offset = rangeStart(pair.key) ?? offset;
        node = pair.value;
      } else if (isSeq(node) && node.items[Number(segment)] !== undefined) {
        node = node.items[Number(segment)];
        offset = rangeStart(node) ?? offset;
      } else break;
    }
    return offset === undefined ? undefined : parsed.lines.linePos(offset).line;
  }

  /** `label:line` when the line is known, else `label`. */
  where(label: string, path: ValuePath): string {
    const line = this.lineOf(label, path);
    return line === undefined ? label : `${label}:${line}`;
  }

  private parse(label: string): Parsed | undefined {
    if (!this.parsed.has(label)) {
      const text = this.texts.get(label);
      let parsed: Parsed | undefined;
      if (text !== undefined) {
        const lines = new LineCounter();
        const document = parseDocument(text, { lineCounter: lines });
        if (document.errors.length === 0) parsed = { document, lines };
      }
      this.parsed.set(label, parsed);
    }
    return this.parsed.get(label);
  }
}
