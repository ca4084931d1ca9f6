/**
 * A small YAML writer for contract fragments, shared by the browser (导出契约 on 后台设计) and
 * the CLI (`import-module`, when it moves a fragment's menu place): plain JSON-like values in,
 * the block style of the hand-written fragments out — nested maps and lists as blocks, short
 * scalar maps and scalar lists in flow style (`{ capability: list }`, `[list, info]`). Strings
 * are plain when YAML reads them back as the same string, otherwise double-quoted (a JSON
 * string is a valid YAML double-quoted scalar). Dependency-free so both sides can load it.
 */

export type YamlScalar = string | number | boolean | null;
export type YamlValue = YamlScalar | YamlValue[] | { [key: string]: YamlValue | undefined };
export type YamlMap = { [key: string]: YamlValue | undefined };

/** Words YAML 1.1 or 1.2 read as something other than a string. */
const NOT_STRINGS = /^(?:~|null|true|false|yes|no|on|off|y|n|\.nan|[-+]?\.inf)$/i;
const NUMBER_LIKE = /^[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$|^0[xob]/i;
/** First characters YAML gives a meaning to, and sequences that end a plain scalar. */
const SPECIAL_START = /^[-?:,[\]{}#&*!|>'"%@`\s]/;
const BREAKS_PLAIN = /: |:$| #|[\n\r\t]|[,[\]{}]|\s$/;

/** Flow maps with at most this many scalar entries stay on one line. */
const FLOW_MAP_MAX = 4;
const FLOW_LINE_MAX = 100;

function isMap(value: unknown): value is YamlMap {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): value is YamlScalar {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function entries(map: YamlMap): [string, YamlValue][] {
  return Object.entries(map).filter(
    (entry): entry is [string, YamlValue] => entry[1] !== undefined,
  );
}

/** A string as YAML reads it back unchanged. */
export function yamlString(text: string): string {
  const plain =
    text !== '' &&
    !SPECIAL_START.test(text) &&
    !BREAKS_PLAIN.test(text) &&
    !NOT_STRINGS.test(text) &&
    !NUMBER_LIKE.test(text);
  return plain ? text : JSON.stringify(text);
}

function scalar(value: YamlScalar): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return yamlString(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return String(value);
}

/** One-line flow text of a value, or undefined when it should be a block. */
function flow(value: YamlValue): string | undefined {
  let text: string | undefined;
  if (isScalar(value)) text = scalar(value);
  else if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => (isScalar(item) ? scalar(item) : undefined));
    if (items.every((item) => item !== undefined)) text = `[${items.join(', ')}]`;
  } else {
    const pairs = entries(value);
    if (pairs.length === 0) return '{}';
    if (pairs.length <= FLOW_MAP_MAX && pairs.every(([, item]) => isScalar(item)))
      text = `{ ${pairs.map(([key, item]) => `${yamlString(key)}: ${scalar(item as YamlScalar)}`).join(', ')} }`;
  }
  return text !== undefined && text.length <= FLOW_LINE_MAX ? text : undefined;
}

function block(value: YamlValue, indent: number): string[] {
  const pad = ' '.repeat(indent);
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      const inline = flow(item);
      if (inline !== undefined) return [`${pad}- ${inline}`];
      // A map item: its first key on the dash line, the rest aligned under it.
      const lines = block(item, indent + 2);
      return [`${pad}- ${lines[0]!.trimStart()}`, ...lines.slice(1)];
    });
  }
  if (isMap(value)) {
    return entries(value).flatMap(([key, item]) => {
      const inline = flow(item);
      const name = `${pad}${yamlString(key)}:`;
      return inline !== undefined ? [`${name} ${inline}`] : [name, ...block(item, indent + 2)];
    });
  }
  return [`${pad}${scalar(value)}`];
}

/**
 * The YAML text of a map (a fragment), ending with a newline.
 *
 * @example toYaml({ tags: [{ name: 'purchase', 'x-admin': { capabilities: ['list'] } }] })
 * // 'tags:\n  - name: purchase\n    x-admin:\n      capabilities: [list]\n'
 */
export function toYaml(document: YamlMap): string {
  return `${block(document, 0).join('\n')}\n`;
}
