/**
 * The YAML writer of contract fragments, shared by the browser (导出契约 on 后台设计) and the CLI
 * (`import-module`, when it moves a fragment's menu place). The `yaml` library writes every key
 * and scalar: what someone typed into 后台设计 is a title or a label, never YAML of its own, so
 * no text can end its scalar and add a key or an anchor. This file only chooses the layout of
 * the hand-written fragments — nested maps and lists as blocks, short scalar maps and scalar
 * lists in flow style (`{ capability: list }`, `[list, info]`) — and the quoting a YAML 1.1
 * reader needs too.
 */
import { Document, Pair, Scalar, YAMLMap, YAMLSeq, type ToStringOptions } from 'yaml';

export type YamlScalar = string | number | boolean | null;
export type YamlValue = YamlScalar | YamlValue[] | { [key: string]: YamlValue | undefined };
export type YamlMap = { [key: string]: YamlValue | undefined };

/**
 * Strings that a YAML 1.1 reader takes for a boolean or a number, though YAML 1.2's core schema
 * (what the library follows) reads them as strings: they are quoted for both.
 */
const YAML_11_NOT_STRINGS = /^(?:y|n|yes|no|on|off)$/i;
const YAML_11_NUMBERS =
  /^[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$|^0[xob]|^[-+]?\d[\d_]*(?::[0-5]?\d)+(?:\.\d*)?$/i;
/**
 * Characters that are not printable or that end a line for some reader (YAML 1.1 counts NEL,
 * U+2028 and U+2029): only inside double quotes are they plain content to every reader.
 */
const UNPRINTABLE = /[\p{Cc}\u2028\u2029\ufeff]/u;

/** Flow maps with at most this many scalar entries stay on one line. */
const FLOW_MAP_MAX = 4;
const FLOW_LINE_MAX = 100;

const WRITE_OPTIONS: ToStringOptions = {
  // Never fold a long title or description over lines, nor a quoted one at its line breaks.
  lineWidth: 0,
  doubleQuotedMinMultiLineLength: Number.MAX_SAFE_INTEGER,
  flowCollectionPadding: true,
};

/**
 * A flow list written `[list, info]` as in the hand-written fragments: the library pads flow
 * lists as it pads flow maps (`{ capability: list }`), with one option for both.
 */
class TightSeq extends YAMLSeq {
  override toString(
    ctx?: Parameters<YAMLSeq['toString']>[0],
    onComment?: () => void,
    onChompKeep?: () => void,
  ): string {
    const tight = ctx && this.flow ? { ...ctx, flowCollectionPadding: '' } : ctx;
    return super.toString(tight, onComment, onChompKeep);
  }
}

function isScalar(value: YamlValue | undefined): value is YamlScalar {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function scalarNode(value: YamlScalar): Scalar {
  const node = new Scalar(typeof value === 'number' && !Number.isFinite(value) ? null : value);
  if (
    typeof value === 'string' &&
    (YAML_11_NOT_STRINGS.test(value) || YAML_11_NUMBERS.test(value) || UNPRINTABLE.test(value))
  )
    node.type = Scalar.QUOTE_DOUBLE;
  return node;
}

function entries(map: YamlMap): [string, YamlValue][] {
  return Object.entries(map).filter(
    (entry): entry is [string, YamlValue] => entry[1] !== undefined,
  );
}

/** Whether `collection` in flow style fits one line; it is left in flow style. */
function fitsFlow(collection: YAMLMap | YAMLSeq): boolean {
  collection.flow = true;
  const document = new Document();
  document.contents = collection;
  const text = document.toString(WRITE_OPTIONS).trimEnd();
  return !text.includes('\n') && text.length <= FLOW_LINE_MAX;
}

function node(value: YamlValue): Scalar | YAMLMap | YAMLSeq {
  if (isScalar(value)) return scalarNode(value);
  if (Array.isArray(value)) {
    const seq = new TightSeq();
    for (const item of value) seq.items.push(node(item));
    seq.flow = value.length === 0 || (value.every(isScalar) && fitsFlow(seq));
    return seq;
  }
  const map = new YAMLMap();
  const pairs = entries(value);
  for (const [key, item] of pairs) map.items.push(new Pair(scalarNode(key), node(item)));
  map.flow =
    pairs.length === 0 ||
    (pairs.length <= FLOW_MAP_MAX && pairs.every(([, item]) => isScalar(item)) && fitsFlow(map));
  return map;
}

/**
 * The node of one value in the same layout, for adding to a parsed document (`cli
 * import-openapi` adds x-admin to an imported document and keeps the rest of its text).
 */
export function yamlNode(value: YamlValue): Scalar | YAMLMap | YAMLSeq {
  return node(value);
}

/** The writer's options, for documents that add nodes made by yamlNode. */
export const YAML_WRITE_OPTIONS: Readonly<ToStringOptions> = WRITE_OPTIONS;

/**
 * The YAML text of a map (a fragment), ending with a newline.
 *
 * @example toYaml({ tags: [{ name: 'purchase', 'x-admin': { capabilities: ['list'] } }] })
 * // 'tags:\n  - name: purchase\n    x-admin:\n      capabilities: [list]\n'
 */
export function toYaml(document: YamlMap): string {
  const written = new Document();
  written.contents = node(document);
  return written.toString(WRITE_OPTIONS);
}

/**
 * Text made safe for one `#` comment line: a line break (or any character some reader takes for
 * one) would end the comment and make the rest YAML of its own, so every run of them, and of
 * the other control characters, becomes one space.
 *
 * @example yamlComment('采购\nx-injected: 1') // '采购 x-injected: 1'
 */
export function yamlComment(text: string): string {
  return text.replace(new RegExp(`${UNPRINTABLE.source}+`, 'gu'), ' ');
}
