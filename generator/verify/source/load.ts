/**
 * The source to verify: `<contract>/sources/<name>/openapi.yaml` as `cli import-openapi` wrote
 * it, read through the import's own reader (the same structural check, and any `$ref` to a
 * sibling file pulled in, so every `$ref` below is local). A wrong name or a missing folder is
 * the caller's mistake (usage); a document that is not an annotated OpenAPI 3 one is the
 * contract's (contract).
 */
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import { isJson, type Json } from '../../json';
import { ImportOpenApiError } from '../../import-openapi/errors';
import { readSourceDocument } from '../../import-openapi/read-document';

export class SourceError extends Error {
  constructor(
    message: string,
    readonly kind: 'usage' | 'contract',
  ) {
    super(message);
    this.name = 'SourceError';
  }
}

/** The names `import-openapi --name` accepts (and `mock-server --source` serves). */
const SOURCE_NAME = /^[a-z][a-z0-9-]{0,39}$/;

async function knownSources(contractDir: string): Promise<string[]> {
  const entries = await readdir(path.join(contractDir, 'sources'), { withFileTypes: true }).catch(
    () => [],
  );
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

export async function loadSource(contractDir: string, name: string): Promise<Json> {
  if (!SOURCE_NAME.test(name))
    throw new SourceError(
      `--source ${JSON.stringify(name)}: not a source name (lower-case letters, digits and -)`,
      'usage',
    );
  const file = path.join(contractDir, 'sources', name, 'openapi.yaml');
  const shown = path.relative(process.cwd(), file) || file;
  const exists = await access(file).then(
    () => true,
    () => false,
  );
  if (!exists) {
    const known = await knownSources(contractDir);
    throw new SourceError(
      `--source ${name}: no ${shown} (${known.length > 0 ? `imported sources: ${known.join(', ')}` : 'no source is imported'}; import it with cli import-openapi <file> --name ${name})`,
      'usage',
    );
  }
  let document: Json;
  try {
    ({ document } = await readSourceDocument(file));
  } catch (error) {
    if (error instanceof ImportOpenApiError)
      throw new SourceError(error.message, error.kind === 'invalid' ? 'contract' : 'usage');
    throw error;
  }
  const admin = document['x-admin'];
  if (!isJson(admin) || !isJson(admin.source))
    throw new SourceError(
      `${shown}: #/x-admin/source is missing: not a document written by cli import-openapi`,
      'contract',
    );
  return document;
}
