/**
 * Import cycles among the project's own modules: prints each and fails when there is one. A
 * cycle makes one module of it run before another it uses has finished loading (its exports
 * still undefined): a crash that depends on which module a page loads first.
 *
 * It replaces eslint-plugin-import's `import/no-cycle` (38.7 s of the lint's run: the rule parses
 * every module it follows a second time, through the resolver, for each file linted) with one
 * pass of TypeScript's parser over the same files (~3 s). What counts is what the rule counted:
 * static imports and re-exports, and `import('…')` (a lazy screen importing back what imported it
 * is as much a cycle once both are loaded); not `import type` / `export type`, erased at run time
 * (an `import { type A }` is kept: it still loads the module). Packages are not followed.
 *
 * Usage: tsx scripts/import-cycles.ts (from the repository's root; exit code 1 on a cycle).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const CODE = /\.(ts|tsx|mts|js|mjs)$/;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

/** The folders read, and the path aliases of tsconfig.base.json. */
export interface CycleScope {
  root: string;
  folders: readonly string[];
  aliases: Readonly<Record<string, string>>;
  /** Folders left out below the root (fixtures' expected output, build output). */
  skip: (relative: string) => boolean;
}

function codeFiles(folder: string, scope: CycleScope, into: string[]): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return into;
  }
  for (const name of names) {
    const full = path.join(folder, name);
    const relative = path.relative(scope.root, full);
    if (name === 'node_modules' || scope.skip(relative)) continue;
    if (statSync(full).isDirectory()) codeFiles(full, scope, into);
    else if (CODE.test(name) && !name.endsWith('.d.ts')) into.push(full);
  }
  return into;
}

/** The specifiers a module loads at run time (see the header for what counts). */
export function runtimeSpecifiers(fileName: string, text: string): string[] {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      if (!node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier))
        found.push(node.moduleSpecifier.text);
      return;
    }
    if (ts.isExportDeclaration(node)) {
      if (!node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
        found.push(node.moduleSpecifier.text);
      return;
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      found.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function resolve(
  specifier: string,
  from: string,
  scope: CycleScope,
  known: ReadonlySet<string>,
): string | undefined {
  const bare = specifier.replace(/\?.*$/, '');
  let base: string | undefined;
  if (bare.startsWith('.')) base = path.resolve(path.dirname(from), bare);
  else
    for (const [prefix, target] of Object.entries(scope.aliases))
      if (bare.startsWith(prefix)) base = path.join(scope.root, target, bare.slice(prefix.length));
  if (base === undefined) return undefined;
  // `./x.js` written for a `./x.ts` (Node's ESM style in the CLI and generator).
  const candidates = [base, base.replace(/\.js$/, '')];
  for (const candidate of candidates)
    for (const suffix of RESOLVE_SUFFIXES)
      if (known.has(candidate + suffix)) return candidate + suffix;
  return undefined;
}

/** Every cycle (a strongly connected group of modules) as a path through it, shortest first. */
export function findImportCycles(scope: CycleScope): string[][] {
  const files = scope.folders.flatMap((folder) =>
    codeFiles(path.join(scope.root, folder), scope, []),
  );
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets = runtimeSpecifiers(file, readFileSync(file, 'utf8'))
      .map((specifier) => resolve(specifier, file, scope, known))
      .filter((target): target is string => target !== undefined);
    edges.set(file, [...new Set(targets)]);
  }
  return stronglyConnected(files, edges)
    .filter((group) => group.length > 1 || group.some((file) => edges.get(file)?.includes(file)))
    .map((group) => cyclePath(group, edges).map((file) => path.relative(scope.root, file)))
    .sort((a, b) => a.length - b.length);
}

/** Tarjan's algorithm, iterative (a deep import chain must not overflow the stack). */
function stronglyConnected(nodes: readonly string[], edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let next = 0;
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; edge: number }> = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next);
    next += 1;
    stack.push(start);
    onStack.add(start);
    for (let frame = work.at(-1); frame !== undefined; frame = work.at(-1)) {
      const target = (edges.get(frame.node) ?? [])[frame.edge];
      if (target !== undefined) {
        frame.edge += 1;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next);
          next += 1;
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target))
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(target) ?? 0));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent)
        low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop();
          if (member === undefined) break;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        groups.push(group);
      }
    }
  }
  return groups;
}

/** One cycle through a group, from its first module back to it (breadth-first: the shortest). */
function cyclePath(group: readonly string[], edges: Map<string, string[]>): string[] {
  const members = new Set(group);
  const [start] = [...group].sort();
  if (start === undefined) return [];
  const previous = new Map<string, string>();
  const queue: string[] = [start];
  for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
    for (const target of edges.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const route = [start];
        for (let at = node; at !== start; at = previous.get(at) ?? start) route.splice(1, 0, at);
        return [...route, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

/** The repository's scope: the folders ESLint lints, the aliases of tsconfig.base.json. */
export function repositoryScope(root: string): CycleScope {
  return {
    root,
    folders: ['src', 'generated', 'generator', 'cli', 'tests', 'scripts', 'vite-plugins'],
    aliases: { '@/': 'src', '@generated/': 'generated' },
    skip: (relative) =>
      relative.startsWith(path.join('tests', 'fixtures')) && relative.includes('expected'),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const cycles = findImportCycles(repositoryScope(process.cwd()));
  for (const cycle of cycles) console.error(`import cycle: ${cycle.join(' → ')}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (cycles.length > 0) {
    console.error(`${cycles.length} import cycle(s) (${seconds} s)`);
    process.exitCode = 1;
  } else console.log(`no import cycle (${seconds} s)`);
}
