/**
 * Node only: an imported source read from `<contract>/sources/<name>/openapi.yaml` (written
 * by `cli import-openapi`, every `$ref` local) and its REST mock, for `cli mock-server --source`
 * (which serves it under `/sources/<name>` and, where free, at this base path: ../mounted-sources).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { isRecord } from '@/core/guards';
import { createRestSource, type RestSource, type RestSourceOptions } from './engine';

export async function loadRestSource(
  contractDir: string,
  name: string,
  options: RestSourceOptions = {},
): Promise<RestSource> {
  if (!/^[a-z][a-z0-9-]{0,39}$/.test(name))
    throw new Error(`--source ${JSON.stringify(name)}: not a source name`);
  const file = path.join(contractDir, 'sources', name, 'openapi.yaml');
  const text = await readFile(file, 'utf8').catch(() => {
    throw new Error(
      `${file}: no such source (import it first: cli import-openapi <file> --name ${name})`,
    );
  });
  const document: unknown = parse(text);
  if (!isRecord(document) || !isRecord(document.paths))
    throw new Error(`${file}: not an OpenAPI document`);
  const source = createRestSource(document, { seed: name, ...options });
  // A source without a server path is mounted under its name, never at the root beside /api.
  if (source.basePath === '')
    return createRestSource(document, { seed: name, ...options, basePath: `/${name}` });
  return source;
}
