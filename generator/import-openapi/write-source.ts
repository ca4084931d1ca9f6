/**
 * Write step: `<contract>/sources/<name>/openapi.yaml` (the document with its x-admin added,
 * written by the `yaml` library — a YAML file keeps its own text, comments included; JSON or
 * a bundled document is written afresh) and `import-report.txt`. An existing source is
 * replaced only with --force.
 */
import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Document } from 'yaml';
import {
  toYaml,
  YAML_WRITE_OPTIONS,
  yamlNode,
  yamlComment,
  type YamlMap,
} from '../../src/core/yaml-text';
import { isJson, type Json } from '../json';
import type { Edit } from './annotate';
import { ImportOpenApiError } from './errors';
import { yamlValue } from './fields';

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** The document as YAML text with every edit applied. */
export function annotatedText(
  document: Json,
  yaml: Document | undefined,
  edits: readonly Edit[],
  header: string,
): string {
  const comment = ` ${yamlComment(header)}`;
  if (yaml) {
    const copy = yaml.clone();
    for (const edit of edits) copy.setIn(edit.at, yamlNode(edit.value));
    copy.commentBefore = copy.commentBefore ? `${comment}\n${copy.commentBefore}` : comment;
    return copy.toString(YAML_WRITE_OPTIONS);
  }
  const copy = structuredClone(document);
  for (const edit of edits) setIn(copy, edit.at, edit.value);
  const value = yamlValue(copy);
  const map: YamlMap = isJson(value) ? value : {};
  return `#${comment}\n${toYaml(map)}`;
}

/** Sets a value at a path, making the maps and lists on the way that are missing (a first tag). */
function setIn(target: unknown, at: readonly (string | number)[], value: unknown): void {
  let node: unknown = target;
  at.slice(0, -1).forEach((key, index) => {
    const missing = typeof at[index + 1] === 'number' ? [] : {};
    if (Array.isArray(node)) node = node[Number(key)] ??= missing;
    else if (isJson(node)) node = node[String(key)] ??= missing;
    else node = undefined;
  });
  const last = at.at(-1);
  if (last === undefined) return;
  if (Array.isArray(node)) node[Number(last)] = value;
  else if (isJson(node)) node[String(last)] = value;
}

export interface WrittenSource {
  folder: string;
  document: string;
  report: string;
  replaced: boolean;
}

export async function writeSource(
  contractDir: string,
  name: string,
  files: { document: string; report: string },
  force: boolean,
): Promise<WrittenSource> {
  const folder = path.join(contractDir, 'sources', name);
  const documentFile = path.join(folder, 'openapi.yaml');
  const reportFile = path.join(folder, 'import-report.txt');
  const replaced = await exists(documentFile);
  if (replaced && !force)
    throw new ImportOpenApiError(
      `${path.relative(process.cwd(), documentFile)} exists: source ${name} was imported before (--force replaces it)`,
      'exists',
    );
  await mkdir(folder, { recursive: true });
  await writeFile(documentFile, files.document);
  await writeFile(reportFile, files.report);
  return { folder, document: documentFile, report: reportFile, replaced };
}
