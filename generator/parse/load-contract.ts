/**
 * Parse step: merge the root document and every fragment into one OpenAPI document.
 * Fragments are merged in sorted file order so the result never depends on the file system.
 * Every problem is reported as one line starting with the file and line to fix.
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
// Redocly's own YAML loader (what it lints), without loading the whole of Redocly.
import { parseYaml } from '@redocly/openapi-core/lib/js-yaml';
import { ContractError } from '../errors';
import { isJson, type Json } from '../json';
import type { OpenApiDocument } from '../types';
import { listOperations } from './operations';
import { ContractSources, shownPath, unescapeSegment, type ValuePath } from './source-lines';

export { ContractError } from '../errors';

export interface LoadedContract {
  document: OpenApiDocument;
  /** Contract files merged, as labels relative to the contract folder. */
  files: string[];
  /**
   * Where a node of the merged document was written: `paths/adminnotice.yaml:33` for
   * ['paths', '/api/adminnotice/list', 'post'] (undefined for a node no file defines).
   */
  locate: (at: ValuePath) => string | undefined;
}

export const ROOT_LABEL = 'openapi.yaml';

async function listYaml(dir: string, label: string): Promise<string[] | undefined> {
  try {
    const names = await readdir(dir);
    // Plain code-unit order: the merge order must not depend on a locale.
    return names.filter((name) => name.endsWith('.yaml') || name.endsWith('.yml')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ContractError([`${label}/: cannot read the folder (${(error as Error).message})`]);
  }
}

async function readText(file: string, label: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new ContractError([`${label}: not found in ${shownPath(path.dirname(file))}`]);
    throw new ContractError([`${label}: cannot read the file (${(error as Error).message})`]);
  }
}

/** js-yaml's error: a reason and a 0-based mark. */
interface YamlSyntaxError {
  reason?: string;
  mark?: { line: number; column: number };
}

/** Parses one file; undefined for an empty one (nothing but comments or blanks). */
function parseText(text: string, label: string): Json | undefined {
  let parsed: unknown;
  try {
    parsed = parseYaml(text);
  } catch (error) {
    const { reason, mark } = error as YamlSyntaxError;
    const where = mark ? `${label}:${mark.line + 1}:${mark.column + 1}` : label;
    throw new ContractError([`${where}: invalid YAML: ${reason ?? (error as Error).message}`]);
  }
  if (parsed === undefined || parsed === null) return undefined;
  if (!isJson(parsed))
    throw new ContractError([`${label}:1: a contract file must be a YAML mapping`]);
  return parsed;
}

function hasEntries(value: unknown): boolean {
  return isJson(value) && Object.keys(value).length > 0;
}

/**
 * A fragment that defines nothing is an error, not "a group with no calls": emptying a file by
 * accident must not make `generate` delete its module.
 */
function checkNotEmpty(fragment: Json | undefined, dir: string, label: string): Json {
  if (dir === 'paths' && fragment && hasEntries(fragment.paths)) return fragment;
  if (
    dir === 'components' &&
    fragment &&
    Object.values(isJson(fragment.components) ? fragment.components : {}).some(hasEntries)
  )
    return fragment;
  const what = dir === 'paths' ? 'paths' : 'components';
  throw new ContractError([
    `${label}: empty fragment: it defines no ${what}; to remove its ${dir === 'paths' ? 'group' : 'components'}, delete the file`,
  ]);
}

/** Every `$ref` in a parsed file, with its path. */
function* refsIn(value: unknown, at: (string | number)[] = []): Generator<[string, ValuePath]> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* refsIn(item, [...at, index]);
  } else if (isJson(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') yield [child, [...at, key]];
      else yield* refsIn(child, [...at, key]);
    }
  }
}

/** Why `ref` does not lead to a node of the merged document; undefined when it does. */
function refProblem(ref: string, document: Json): string | undefined {
  if (ref === '#') return undefined;
  if (!ref.startsWith('#/'))
    return (
      `$ref '${ref}' is not local: the fragments are merged into one document, so every $ref ` +
      `points into it, like '#/components/schemas/Name' (see openapi/README.md)`
    );
  let node: unknown = document;
  const walked: string[] = [];
  for (const segment of ref.slice(2).split('/').map(unescapeSegment)) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment))
      return `$ref '${ref}' does not resolve: ${walked.length > 0 ? walked.join('.') : 'the contract'} has no ${segment}`;
    node = (node as Record<string, unknown>)[segment];
    walked.push(segment);
  }
  return undefined;
}

/**
 * Merges `<contractDir>/openapi.yaml`, `components/*.yaml` and `paths/*.yaml`.
 * Throws a ContractError, one line per problem starting with `file:line`, when the folder,
 * paths/ or a file is missing or unreadable, a file is not YAML or is an empty fragment, a
 * path, tag, component or operationId is defined twice (naming both files), an operationId is
 * missing, or a `$ref` is not local or leads nowhere.
 *
 * @example
 * const { document, files } = await loadContract('openapi');
 * files; // ['openapi.yaml', 'components/common.yaml', …, 'paths/tool.yaml']
 */
export async function loadContract(contractDir: string): Promise<LoadedContract> {
  const folder = await stat(contractDir).catch(() => undefined);
  if (!folder?.isDirectory())
    throw new ContractError([
      `contract folder ${shownPath(contractDir)} ${folder ? 'is not a folder' : 'not found'} ` +
        `(run from the repo root, or pass --contract <dir>)`,
    ]);

  const sources = new ContractSources();
  const rootText = await readText(path.join(contractDir, ROOT_LABEL), ROOT_LABEL);
  sources.add(ROOT_LABEL, rootText);
  const root = parseText(rootText, ROOT_LABEL) ?? {};
  const parsedFiles: [string, Json][] = [[ROOT_LABEL, root]];

  const document: Json = { ...root };
  const paths: Json = isJson(root.paths) ? { ...root.paths } : {};
  const tags: Json[] = Array.isArray(root.tags) ? [...(root.tags as Json[])] : [];
  /** Where each merged tag came from: its file and index there. */
  const tagOrigins = tags.map((_, index) => ({ label: ROOT_LABEL, index }));
  const components: Record<string, Json> = {};
  for (const [kind, entries] of Object.entries(isJson(root.components) ? root.components : {})) {
    components[kind] = { ...(entries as Json) };
  }

  const problems: string[] = [];
  const pathOwner = new Map<string, string>(Object.keys(paths).map((p) => [p, ROOT_LABEL]));
  const tagOwner = new Map<string, string>(tags.map((t) => [String(t.name), ROOT_LABEL]));
  const componentOwner = new Map<string, string>();
  for (const [kind, entries] of Object.entries(components)) {
    for (const name of Object.keys(entries)) componentOwner.set(`${kind}.${name}`, ROOT_LABEL);
  }

  const files = [ROOT_LABEL];
  for (const dir of ['components', 'paths']) {
    const names = await listYaml(path.join(contractDir, dir), dir);
    // Without paths/ the contract has no calls: generating would delete every module.
    if (dir === 'paths' && (names === undefined || names.length === 0))
      throw new ContractError([
        `paths/: ${names === undefined ? 'folder not found' : 'no fragment (*.yaml)'} in ` +
          `${shownPath(contractDir)}; the contract's calls are defined in paths/<group>.yaml`,
      ]);
    for (const name of names ?? []) {
      const label = `${dir}/${name}`;
      files.push(label);
      const text = await readText(path.join(contractDir, dir, name), label);
      sources.add(label, text);
      const fragment = checkNotEmpty(parseText(text, label), dir, label);
      parsedFiles.push([label, fragment]);
      for (const [route, item] of Object.entries(isJson(fragment.paths) ? fragment.paths : {})) {
        const owner = pathOwner.get(route);
        if (owner)
          problems.push(
            `${sources.where(label, ['paths', route])}: path ${route} is defined in both ${owner} and ${label}`,
          );
        else {
          pathOwner.set(route, label);
          paths[route] = item;
        }
      }
      for (const [index, tag] of (Array.isArray(fragment.tags)
        ? (fragment.tags as Json[])
        : []
      ).entries()) {
        const owner = tagOwner.get(String(tag.name));
        if (owner)
          problems.push(
            `${sources.where(label, ['tags', index])}: tag ${String(tag.name)} is defined in both ${owner} and ${label}`,
          );
        else {
          tagOwner.set(String(tag.name), label);
          tags.push(tag);
          tagOrigins.push({ label, index });
        }
      }
      for (const [kind, entries] of Object.entries(
        isJson(fragment.components) ? fragment.components : {},
      )) {
        components[kind] ??= {};
        for (const [componentName, value] of Object.entries(isJson(entries) ? entries : {})) {
          const key = `${kind}.${componentName}`;
          const owner = componentOwner.get(key);
          if (owner)
            problems.push(
              `${sources.where(label, ['components', kind, componentName])}: components.${key} is defined in both ${owner} and ${label}`,
            );
          else {
            componentOwner.set(key, label);
            components[kind][componentName] = value;
          }
        }
      }
    }
  }

  const operationOwner = new Map<string, string>();
  for (const { method, path: route, operation } of listOperations(paths)) {
    const label = pathOwner.get(route) ?? ROOT_LABEL;
    const where = `${method.toUpperCase()} ${route} (${label})`;
    const id = operation.operationId;
    if (typeof id !== 'string' || id === '') {
      problems.push(
        `${sources.where(label, ['paths', route, method])}: ${where} has no operationId`,
      );
      continue;
    }
    const owner = operationOwner.get(id);
    if (owner)
      problems.push(
        `${sources.where(label, ['paths', route, method, 'operationId'])}: operationId ${id} is used by both ${owner} and ${where}`,
      );
    else operationOwner.set(id, where);
  }

  document.paths = paths;
  if (tags.length > 0) document.tags = tags;
  document.components = components;

  for (const [label, parsed] of parsedFiles) {
    for (const [ref, at] of refsIn(parsed)) {
      const problem = refProblem(ref, document);
      if (problem) problems.push(`${sources.where(label, at)}: ${problem}`);
    }
  }
  if (problems.length > 0) throw new ContractError(problems);

  const locate = (at: ValuePath): string | undefined => {
    const [top, name, child] = at;
    if (top === 'paths' && typeof name === 'string') {
      const label = pathOwner.get(name);
      return label && sources.where(label, at);
    }
    if (top === 'components' && name !== undefined && child !== undefined) {
      const label = componentOwner.get(`${name}.${child}`);
      return label && sources.where(label, at);
    }
    if (top === 'tags' && name !== undefined) {
      const origin = tagOrigins[Number(name)];
      return origin && sources.where(origin.label, ['tags', origin.index, ...at.slice(2)]);
    }
    return sources.where(ROOT_LABEL, at);
  };
  return { document: document as OpenApiDocument, files, locate };
}
