// @vitest-environment node
/**
 * Every colour of the app's own stylesheets comes from the theme: a PrimeReact theme variable or
 * a --shell-* token that src/app/base.css defines once per theme. A colour written into a rule (a hex
 * value, rgb(), hsl(), white or black) would stay the same in the other theme — a white box or
 * unreadable text in dark. Only custom-property definitions (the tokens themselves) may hold one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../../src');
const COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(|(?<![\w-])(?:white|black)(?![\w-])/i;

function stylesheets(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return stylesheets(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

/** `file:line property: value` for each declaration (not a custom property) naming a colour. */
function hardCodedColours(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, (comment) =>
    comment.replace(/[^\n]/g, ' '),
  );
  const found: string[] = [];
  for (const match of text.matchAll(/([\w-]+)\s*:\s*([^;{}]+);/g)) {
    const [declaration = '', property = '', value = ''] = match;
    if (property.startsWith('--') || !COLOUR.test(value)) continue;
    const line = text.slice(0, match.index).split('\n').length;
    found.push(`${path.relative(SRC, file)}:${line} ${declaration.trim()}`);
  }
  return found;
}

describe('stylesheet colours', () => {
  it('come from theme variables and tokens in every stylesheet under src/', () => {
    const files = stylesheets(SRC);
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap(hardCodedColours)).toEqual([]);
  });

  it('would report a colour written into a rule', () => {
    const sample = path.join(SRC, 'app/base.css');
    // base.css defines the tokens (custom properties) and uses them: nothing to report.
    expect(hardCodedColours(sample)).toEqual([]);
    expect(COLOUR.test('1px solid #e5e7eb')).toBe(true);
    expect(COLOUR.test('0 2px 8px rgb(0 0 0 / 0.18)')).toBe(true);
    expect(COLOUR.test('white')).toBe(true);
    expect(COLOUR.test('nowrap')).toBe(false);
    expect(COLOUR.test('var(--shell-border)')).toBe(false);
  });
});
