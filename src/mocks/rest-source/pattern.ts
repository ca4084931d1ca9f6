/**
 * A string matching a schema's `pattern`, for the regular expressions documents use (anchors,
 * literals, escapes \d \w \s, classes with ranges, groups with alternatives, quantifiers ? * +
 * {n} {n,m}). Anything else gives undefined, and the caller falls back to an example.
 */
import type { Random } from './random';

const DIGITS = '0123456789';
const WORD = `abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ${DIGITS}_`;

interface Cursor {
  text: string;
  at: number;
}

function escaped(char: string): string {
  if (char === 'd') return DIGITS;
  if (char === 'w') return WORD;
  if (char === 's') return ' ';
  return char;
}

/** The characters of a class body `[...]` (negated classes are not supported). */
function charClass(cursor: Cursor): string | undefined {
  if (cursor.text.charAt(cursor.at) === '^') return undefined;
  let chars = '';
  while (cursor.at < cursor.text.length && cursor.text.charAt(cursor.at) !== ']') {
    let char = cursor.text.charAt(cursor.at++);
    if (char === '\\') {
      chars += escaped(cursor.text.charAt(cursor.at++));
      continue;
    }
    if (cursor.text.charAt(cursor.at) === '-' && cursor.text.charAt(cursor.at + 1) !== ']') {
      const end = cursor.text.charAt(cursor.at + 1);
      cursor.at += 2;
      for (let code = char.charCodeAt(0); code <= end.charCodeAt(0); code += 1)
        chars += String.fromCharCode(code);
      char = '';
    }
    chars += char;
  }
  cursor.at += 1;
  return chars || undefined;
}

function quantifier(cursor: Cursor, random: Random): number {
  const char = cursor.text.charAt(cursor.at);
  if (char === '?') return (cursor.at++, random.int(0, 1));
  if (char === '*') return (cursor.at++, random.int(0, 3));
  if (char === '+') return (cursor.at++, random.int(1, 3));
  if (char === '{') {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(cursor.text.slice(cursor.at));
    if (match) {
      cursor.at += match[0].length;
      const min = Number(match[1]);
      const max = match[2] ? (match[3] ? Number(match[3]) : min + 3) : min;
      return random.int(min, Math.min(max, min + 20));
    }
  }
  return 1;
}

/** A sequence up to `)` or the end; undefined when the pattern uses something not handled. */
function sequence(cursor: Cursor, random: Random, depth: number): string | undefined {
  let pieces: string[] = [];
  const alternatives: string[][] = [pieces];
  while (cursor.at < cursor.text.length) {
    const char = cursor.text.charAt(cursor.at++);
    if (char === ')') {
      if (depth === 0) return undefined;
      break;
    }
    if (char === '|') {
      pieces = [];
      alternatives.push(pieces);
      continue;
    }
    if (char === '^' || char === '$') continue;
    let make: () => string | undefined;
    if (char === '(') {
      if (cursor.text.startsWith('?:', cursor.at)) cursor.at += 2;
      const start = cursor.at;
      const first = sequence(cursor, random, depth + 1);
      if (first === undefined) return undefined;
      const group = cursor.text.slice(start, cursor.at - 1);
      make = () => sequence({ text: `${group})`, at: 0 }, random, depth + 1);
    } else if (char === '[') {
      const chars = charClass(cursor);
      if (chars === undefined) return undefined;
      make = () => chars.charAt(random.int(0, chars.length - 1));
    } else if (char === '\\') {
      const chars = escaped(cursor.text.charAt(cursor.at++));
      make = () => chars.charAt(random.int(0, chars.length - 1));
    } else if (char === '.') {
      make = () => WORD.charAt(random.int(0, WORD.length - 1));
    } else if ('*+?{'.includes(char)) {
      return undefined;
    } else {
      make = () => char;
    }
    const times = quantifier(cursor, random);
    let piece = '';
    for (let i = 0; i < times; i += 1) {
      const part = make();
      if (part === undefined) return undefined;
      piece += part;
    }
    pieces.push(piece);
  }
  return random.pick(alternatives).join('');
}

export function stringForPattern(pattern: string, random: Random): string | undefined {
  let expression: RegExp;
  try {
    expression = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const value = sequence({ text: pattern, at: 0 }, random, 0);
    if (value === undefined) return undefined;
    if (expression.test(value)) return value;
  }
  return undefined;
}
