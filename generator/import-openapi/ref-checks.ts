/**
 * What a document's `$ref`s may reach, checked before anything follows them: a file `$ref` stays
 * inside the document's own folder (an absolute path, a `file:` URL or `../` out of it is
 * refused: the import would copy that file into the contract); a remote `$ref` (http, https, or
 * any file `$ref` of a document read from a URL) only with --allow-remote-refs, and the report
 * lists it; a chain of `$ref`s that leads back to itself names no schema and is refused with its
 * pointers (a recursive schema — a property referring to its own schema — is fine).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { isJson } from '../json';
import { ImportOpenApiError } from './errors';
import { pointerOf } from './pointer';

interface FoundRef {
  ref: string;
  /** The JSON pointer of the object holding the $ref. */
  pointer: string;
}

function refsIn(value: unknown, at: (string | number)[] = [], found: FoundRef[] = []): FoundRef[] {
  if (Array.isArray(value)) value.forEach((item, index) => refsIn(item, [...at, index], found));
  else if (isJson(value)) {
    if (typeof value.$ref === 'string') found.push({ ref: value.$ref, pointer: pointerOf(at) });
    for (const [key, item] of Object.entries(value)) refsIn(item, [...at, key], found);
  }
  return found;
}

const isRemote = (ref: string) => /^https?:\/\//i.test(ref);

/** The value a local pointer (`#/components/schemas/Pet`) names, undefined when none. */
function valueAt(document: unknown, pointer: string): unknown {
  const parts = pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter((part) => part !== '')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.reduce<unknown>(
    (node, key) => (Array.isArray(node) ? node[Number(key)] : isJson(node) ? node[key] : undefined),
    document,
  );
}

/** A `$ref` whose chain of bare `$ref`s comes back to where it started. */
function loopFrom(document: unknown, start: string): string[] | undefined {
  const chain = [start];
  let target = valueAt(document, start);
  while (isJson(target) && typeof target.$ref === 'string' && target.$ref.startsWith('#')) {
    const next = target.$ref;
    if (chain.includes(next)) return [...chain, next];
    chain.push(next);
    target = valueAt(document, next);
  }
  return undefined;
}

export interface RefCheck {
  /** Remote `$ref`s followed (allowed by the flag), `file pointer: ref` each. */
  remote: string[];
}

/**
 * @example await checkRefs(parsed, 'api.yaml', '/abs/api.yaml', false) // throws on `$ref: /etc/passwd`
 */
export async function checkRefs(
  document: unknown,
  label: string,
  location: string,
  allowRemote: boolean,
): Promise<RefCheck> {
  const fromUrl = isRemote(location);
  const root = fromUrl ? '' : path.dirname(location);
  const remote: string[] = [];
  const problems: string[] = [];
  const visited = new Set<string>();
  const loops = new Set<string>();
  const visit = async (value: unknown, file: string, shown: string) => {
    for (const { ref, pointer } of refsIn(value)) {
      const [target = '', fragment] = ref.split('#', 2);
      if (target === '') {
        const loop = loopFrom(value, `#${fragment ?? ''}`);
        // Each loop once, at the first $ref that enters it.
        const members = loop ? `${file}\0${[...new Set(loop)].sort().join('\0')}` : '';
        if (loop && !loops.has(members)) {
          loops.add(members);
          problems.push(`${shown} ${pointer}: $ref loop ${loop.join(' → ')}: it names no schema`);
        }
        continue;
      }
      if (isRemote(target) || fromUrl) {
        if (!allowRemote)
          problems.push(
            `${shown} ${pointer}: $ref ${JSON.stringify(ref)} is remote: refused (--allow-remote-refs follows it)`,
          );
        else remote.push(`${shown} ${pointer}: ${ref}`);
        continue;
      }
      const resolved =
        /^file:/i.test(target) || path.isAbsolute(target)
          ? undefined
          : path.resolve(path.dirname(file), decodeURIComponent(target));
      const relative = resolved === undefined ? '..' : path.relative(root, resolved);
      if (relative.startsWith('..') || path.isAbsolute(relative)) {
        problems.push(
          `${shown} ${pointer}: $ref ${JSON.stringify(ref)} leads out of the document's folder: refused (copy the file beside the document)`,
        );
        continue;
      }
      if (resolved === undefined || visited.has(resolved)) continue;
      visited.add(resolved);
      // A file that does not read is the bundler's to report (a $ref to nothing).
      const text = await readFile(resolved, 'utf8').catch(() => undefined);
      let parsed: unknown;
      try {
        parsed = text === undefined ? undefined : parse(text);
      } catch {
        parsed = undefined;
      }
      if (parsed !== undefined)
        await visit(parsed, resolved, path.relative(process.cwd(), resolved));
    }
  };
  await visit(document, location, label);
  if (problems.length > 0) {
    const lines = problems.slice(0, 20);
    if (problems.length > 20) lines.push(`… and ${problems.length - 20} more`);
    throw new ImportOpenApiError(lines.join('\n'), 'invalid');
  }
  return { remote };
}
