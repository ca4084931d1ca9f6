/**
 * Parse step of the imported sources: every `<contract>/sources/<name>/openapi.yaml` written by
 * `cli import-openapi` (bundled: every `$ref` local), in name order. A folder without the file is
 * skipped; a file that does not parse, or lacks `x-admin.source`, is a contract error naming it.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { ContractError } from '../errors';
import { isJson, type Json } from '../json';
import type { OpenApiDocument } from '../types';

export interface LoadedSource {
  name: string;
  /** `sources/<name>/openapi.yaml`, for messages. */
  label: string;
  document: OpenApiDocument;
}

/** The maps of a mapping, each entry a mapping (anything else is not an OpenAPI map). */
function mapsOf(value: unknown): Record<string, Json> {
  return Object.fromEntries(
    Object.entries(isJson(value) ? value : {}).filter((entry): entry is [string, Json] =>
      isJson(entry[1]),
    ),
  );
}

const SOURCE_NAME = /^[a-z][a-z0-9-]{0,39}$/;

export async function loadSources(contractDir: string): Promise<LoadedSource[]> {
  const dir = path.join(contractDir, 'sources');
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const sources: LoadedSource[] = [];
  // Plain code-unit order: the output must not depend on the file system or a locale.
  for (const name of names.sort()) {
    const label = `sources/${name}/openapi.yaml`;
    const text = await readFile(path.join(dir, name, 'openapi.yaml'), 'utf8').catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
        throw error;
      },
    );
    if (text === undefined) continue;
    if (!SOURCE_NAME.test(name))
      throw new ContractError([
        `${label}: the folder name is not a source name (lower-case letters, digits and -)`,
      ]);
    let document: unknown;
    try {
      document = parse(text);
    } catch (error) {
      throw new ContractError([`${label}: ${(error as Error).message.split('\n')[0]}`]);
    }
    if (!isJson(document) || !isJson(document['x-admin']) || !isJson(document['x-admin'].source))
      throw new ContractError([
        `${label}: no x-admin.source (write sources with \`cli import-openapi\`)`,
      ]);
    if (!isJson(document.paths))
      throw new ContractError([`${label}: no paths (not an OpenAPI document)`]);
    sources.push({
      name,
      label,
      document: {
        ...document,
        paths: mapsOf(document.paths),
        components: mapsOf(document.components),
      },
    });
  }
  return sources;
}
