/**
 * Parse step: merge the root document and every fragment into one OpenAPI document.
 * Fragments are merged in sorted file order so the result never depends on the file system.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { parseYaml } from '@redocly/openapi-core';
import { isJson, type Json } from '../json';
import type { OpenApiDocument } from '../types';
import { listOperations } from './operations';

/** A contract problem that stops generation (duplicate or missing names). */
export class ContractError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The contract has ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ContractError';
  }
}

async function listYaml(dir: string): Promise<string[]> {
  try {
    const names = await readdir(dir);
    return names.filter((name) => name.endsWith('.yaml') || name.endsWith('.yml')).sort();
  } catch (error) {
    // A contract without components/ or paths/ is valid (e.g. a fresh project).
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function readYaml(file: string, label: string): Promise<Json> {
  const text = await readFile(file, 'utf8');
  let parsed: unknown;
  try {
    parsed = parseYaml(text);
  } catch (error) {
    throw new ContractError([`${label}: invalid YAML: ${(error as Error).message}`]);
  }
  if (parsed === undefined || parsed === null) return {};
  if (!isJson(parsed)) throw new ContractError([`${label}: a fragment must be a YAML mapping`]);
  return parsed;
}

/**
 * Merges `<contractDir>/openapi.yaml`, `components/*.yaml` and `paths/*.yaml`.
 * Throws a ContractError naming both files when a path, tag, component or operationId is
 * defined twice, and naming the operation when an operationId is missing.
 *
 * @example
 * const { document, files } = await loadContract('openapi');
 * files; // ['openapi.yaml', 'components/common.yaml', …, 'paths/tool.yaml']
 */
export async function loadContract(contractDir: string): Promise<{
  document: OpenApiDocument;
  files: string[];
}> {
  const rootLabel = 'openapi.yaml';
  const root = await readYaml(path.join(contractDir, rootLabel), rootLabel);
  const document: Json = { ...root };
  const paths: Json = isJson(root.paths) ? { ...root.paths } : {};
  const tags: Json[] = Array.isArray(root.tags) ? [...(root.tags as Json[])] : [];
  const components: Record<string, Json> = {};
  for (const [kind, entries] of Object.entries(isJson(root.components) ? root.components : {})) {
    components[kind] = { ...(entries as Json) };
  }

  const problems: string[] = [];
  const pathOwner = new Map<string, string>(Object.keys(paths).map((p) => [p, rootLabel]));
  const tagOwner = new Map<string, string>(tags.map((t) => [String(t.name), rootLabel]));
  const componentOwner = new Map<string, string>();
  for (const [kind, entries] of Object.entries(components)) {
    for (const name of Object.keys(entries)) componentOwner.set(`${kind}.${name}`, rootLabel);
  }

  const files = [rootLabel];
  for (const dir of ['components', 'paths']) {
    for (const name of await listYaml(path.join(contractDir, dir))) {
      const label = `${dir}/${name}`;
      files.push(label);
      const fragment = await readYaml(path.join(contractDir, dir, name), label);
      for (const [route, item] of Object.entries(isJson(fragment.paths) ? fragment.paths : {})) {
        const owner = pathOwner.get(route);
        if (owner) problems.push(`path ${route} is defined in both ${owner} and ${label}`);
        else {
          pathOwner.set(route, label);
          paths[route] = item;
        }
      }
      for (const tag of Array.isArray(fragment.tags) ? (fragment.tags as Json[]) : []) {
        const owner = tagOwner.get(String(tag.name));
        if (owner)
          problems.push(`tag ${String(tag.name)} is defined in both ${owner} and ${label}`);
        else {
          tagOwner.set(String(tag.name), label);
          tags.push(tag);
        }
      }
      for (const [kind, entries] of Object.entries(
        isJson(fragment.components) ? fragment.components : {},
      )) {
        components[kind] ??= {};
        for (const [componentName, value] of Object.entries(isJson(entries) ? entries : {})) {
          const key = `${kind}.${componentName}`;
          const owner = componentOwner.get(key);
          if (owner) problems.push(`components.${key} is defined in both ${owner} and ${label}`);
          else {
            componentOwner.set(key, label);
            components[kind]![componentName] = value;
          }
        }
      }
    }
  }

  const operationOwner = new Map<string, string>();
  for (const { method, path: route, operation } of listOperations(paths)) {
    const where = `${method.toUpperCase()} ${route} (${pathOwner.get(route) ?? rootLabel})`;
    const id = operation.operationId;
    if (typeof id !== 'string' || id === '') {
      problems.push(`${where} has no operationId`);
      continue;
    }
    const owner = operationOwner.get(id);
    if (owner) problems.push(`operationId ${id} is used by both ${owner} and ${where}`);
    else operationOwner.set(id, where);
  }
  if (problems.length > 0) throw new ContractError(problems);

  document.paths = paths;
  if (tags.length > 0) document.tags = tags;
  document.components = components;
  return { document: document as OpenApiDocument, files };
}
