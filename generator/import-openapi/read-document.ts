/**
 * Read step: an OpenAPI 3.0/3.1 document from a file or an http(s) URL, YAML or JSON, with its
 * `$ref`s to other files resolved by Redocly's bundler (the one `cli lint` uses). A document
 * that is not OpenAPI 3 gets one line naming the file and, where it helps, the JSON pointer.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument, visit, type Document } from 'yaml';
import { isJson, type Json } from '../json';
import { ImportOpenApiError } from './errors';
import { checkRefs } from './ref-checks';

/** How long a URL may take to answer. */
export const FETCH_TIMEOUT_MS = 10_000;

export interface SourceDocument {
  /** What the user named: a path relative to the working directory, or the URL. */
  label: string;
  /** The document, every $ref local (`#/…`). */
  document: Json;
  /** The parsed YAML of the file itself, when its text can be kept (YAML, no external $ref). */
  yaml: Document | undefined;
  /** The `openapi` version string, e.g. 3.0.2. */
  version: string;
  /** Structural slips read past (Redocly's struct rule), one line each: the report lists them. */
  warnings: string[];
  /** Remote $refs followed (--allow-remote-refs), `file pointer: ref` each. */
  remoteRefs: string[];
}

export function isUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

async function readText(source: string, label: string): Promise<string> {
  if (isUrl(source)) {
    let response: Response;
    try {
      response = await fetch(source, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? 'no answer within 10 s'
          : String(error instanceof Error ? error.message : error);
      throw new ImportOpenApiError(`${label}: cannot fetch: ${reason}`, 'unreadable');
    }
    if (!response.ok)
      throw new ImportOpenApiError(`${label}: cannot fetch: HTTP ${response.status}`, 'unreadable');
    return response.text();
  }
  try {
    return await readFile(source, 'utf8');
  } catch (error) {
    const code = isJson(error) && typeof error.code === 'string' ? error.code : '';
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a folder'
          : code || 'cannot read';
    throw new ImportOpenApiError(`${label}: ${reason}`, 'unreadable');
  }
}

export { pointerOf } from './pointer';

function parseText(text: string, label: string): Document {
  const yaml = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  const error = yaml.errors[0];
  if (error) {
    const at = error.linePos?.[0];
    const where = at ? `${label}:${at.line}:${at.col}` : label;
    throw new ImportOpenApiError(
      `${where}: not valid YAML or JSON: ${error.message.split('\n')[0]}`,
      'invalid',
    );
  }
  return yaml;
}

/** The `openapi` version, or a line saying why this is not an OpenAPI 3 document. */
export function openApiVersion(document: unknown, label: string): string {
  const invalid = (reason: string) => new ImportOpenApiError(`${label}: ${reason}`, 'invalid');
  if (!isJson(document))
    throw invalid('not an OpenAPI document: the file holds no mapping at the top');
  if (document.swagger !== undefined)
    throw invalid(
      `#/swagger is ${JSON.stringify(document.swagger)}: a Swagger 2.0 document, not OpenAPI 3 (convert it to OpenAPI 3 first, e.g. with swagger2openapi)`,
    );
  const version = document.openapi;
  if (version === undefined) throw invalid('#/openapi is missing: not an OpenAPI 3 document');
  if (typeof version !== 'string' || !/^3\.[01]\.\d+/.test(version))
    throw invalid(`#/openapi is ${JSON.stringify(version)}: only OpenAPI 3.0 and 3.1 are imported`);
  if (!isJson(document.paths) || Object.keys(document.paths).length === 0)
    throw invalid('#/paths is missing or empty: there is nothing to import');
  return version;
}

function hasExternalRef(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasExternalRef);
  if (!isJson(value)) return false;
  if (typeof value.$ref === 'string' && !value.$ref.startsWith('#')) return true;
  return Object.values(value).some(hasExternalRef);
}

/**
 * Structural errors (Redocly's `struct` rule) and $refs that do not resolve, one line each; and
 * the bundled document (external $refs pulled into components) when the file has any.
 */
async function checkAndBundle(
  text: string,
  absoluteRef: string,
  label: string,
  bundleWanted: boolean,
): Promise<{ document: Json | undefined; warnings: string[] }> {
  const { bundleFromString, createConfig, lintFromString } = await import('@redocly/openapi-core');
  const config = await createConfig({ rules: { struct: 'error' } });
  const [lintProblems, bundled] = await Promise.all([
    lintFromString({ source: text, absoluteRef, config }),
    bundleFromString({ source: text, absoluteRef, config }),
  ]);
  const problems = [...bundled.problems, ...lintProblems].filter(
    (problem) => problem.severity === 'error' && !problem.ignored,
  );
  const line = (problem: (typeof problems)[number]) => {
    const at = problem.location[0];
    const file =
      at && at.source.absoluteRef !== absoluteRef
        ? path.relative(process.cwd(), at.source.absoluteRef)
        : label;
    return `${file} ${at?.pointer ?? '#'}: ${problem.message}`;
  };
  // A $ref that leads nowhere leaves a hole in the document: refused. A schema keyword out of
  // its place (`nullable` without `type`, in 3.1) is how published documents are written: the
  // import reads past it and the report lists it.
  const fatal = problems.filter((problem) => problem.ruleId !== 'struct');
  if (fatal.length > 0) {
    const lines = fatal.slice(0, 20).map(line);
    if (fatal.length > 20) lines.push(`… and ${fatal.length - 20} more`);
    throw new ImportOpenApiError(lines.join('\n'), 'invalid');
  }
  const warnings = problems.map(line);
  if (!bundleWanted) return { document: undefined, warnings };
  const parsed: unknown = bundled.bundle.parsed;
  return { document: isJson(parsed) ? parsed : undefined, warnings };
}

/**
 * @example const { document, version } = await readSourceDocument('tests/fixtures/openapi/petstore.yaml');
 * // version '3.0.2'; document.paths['/pet'] …
 */
export async function readSourceDocument(
  source: string,
  options: { allowRemoteRefs?: boolean } = {},
): Promise<SourceDocument> {
  const url = isUrl(source);
  const label = url ? source : path.relative(process.cwd(), path.resolve(source)) || source;
  const text = await readText(source, label);
  const yaml = parseText(text, label);
  const parsed: unknown = yaml.toJS({ maxAliasCount: 1000 });
  const version = openApiVersion(parsed, label);
  const external = hasExternalRef(parsed);
  const absoluteRef = url ? source : path.resolve(source);
  const refs = await checkRefs(parsed, label, absoluteRef, options.allowRemoteRefs === true);
  const bundled = await checkAndBundle(text, absoluteRef, label, external).catch(
    (error: unknown) => {
      if (error instanceof ImportOpenApiError) throw error;
      // The bundler's own refusal (a $ref it cannot follow): the document is what to fix.
      const message = error instanceof Error ? error.message : String(error);
      throw new ImportOpenApiError(`${label}: cannot resolve its $refs: ${message}`, 'invalid');
    },
  );
  const document = bundled.document ?? (isJson(parsed) ? parsed : {});
  const isJsonText = /^\s*[{[]/.test(text);
  // An alias (`*a1`) is one node in two places: an x-admin set through it would land in both,
  // and the yaml library refuses to. Such a file is written afresh, like a JSON one.
  let aliased = false;
  visit(yaml, { Alias: () => ((aliased = true), visit.BREAK) });
  return {
    label,
    document,
    yaml: external || isJsonText || aliased ? undefined : yaml,
    version,
    warnings: bundled.warnings,
    remoteRefs: refs.remote,
  };
}
