/**
 * `tsx scripts/count-casts.ts [root]`: how many type assertions the app makes, per top folder of
 * src/ (issue 23: the row type should flow through the CRUD seams instead of being cast back).
 * Counts `x as T` and `<T>x` nodes found by the TypeScript parser — text search would also count
 * `as` in comments, strings and imports — except `as const`, which asserts nothing about a type.
 * Prints one line per folder and the total; `--list` also prints each cast with its place.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const list = args.includes('--list');
const ROOT = path.resolve(
  args.find((arg) => !arg.startsWith('--')) ?? path.join(import.meta.dirname, '..', 'src'),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

const isConstAssertion = (type: ts.TypeNode) =>
  ts.isTypeReferenceNode(type) && type.typeName.getText() === 'const';

/** The casts in one file's text, as `line: text` each. */
function castsIn(fileName: string, text: string): string[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) &&
      !isConstAssertion(node.type)
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${line + 1}: ${node.getText().replace(/\s+/g, ' ').slice(0, 100)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const byFolder = new Map<string, number>();
for (const file of sourceFiles(ROOT)) {
  const relative = path.relative(ROOT, file);
  const [first, ...rest] = relative.split(path.sep);
  const top = rest.length > 0 && first ? first : '(top level)';
  const casts = castsIn(file, readFileSync(file, 'utf8'));
  if (list) for (const cast of casts) console.log(`${relative}:${cast}`);
  byFolder.set(top, (byFolder.get(top) ?? 0) + casts.length);
}
const rows = [...byFolder].sort(([a], [b]) => a.localeCompare(b));
const width = Math.max(...rows.map(([name]) => name.length), 'total'.length);
for (const [name, count] of rows) console.log(`${name.padEnd(width)}  ${count}`);
console.log(`${'total'.padEnd(width)}  ${rows.reduce((sum, [, count]) => sum + count, 0)}`);
