/**
 * `import-module`: a contract fragment exported by the module designer (导出契约) joins the
 * contract. The fragment is checked exactly as `generate` checks the contract — merged with
 * every other file (duplicate paths, tags, schemas, operationIds; local $refs), Redocly lint,
 * and the x-admin model — on a copy of the contract, so a refused fragment changes nothing.
 * Fragments need no registration beyond their file: `generate` merges every `paths/*.yaml`.
 * Its menu entry moves to the first free place of its menu group (the designer cannot know
 * which places the contract uses), re-written with the same YAML writer the browser uses.
 *
 * A fragment is checked as a file first, naming its lines: it holds only tags, paths and
 * components (anything else would join the root of the merged contract), and no text in it
 * holds a control character (how a title typed into 后台设计 could turn into YAML or code).
 */
import { access, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
// Redocly's own YAML loader (what it lints), without loading the whole of Redocly.
import { parseYaml } from '@redocly/openapi-core/lib/js-yaml';
import { toYaml, type YamlMap } from '../../src/core/yaml-text';
import { isJson, type Json } from '../json';
import { buildModules } from '../model/build-modules';
import { quoted, textProblem, textsIn } from '../model/contract-texts';
import { LintError, lintContract } from '../parse/lint-contract';
import { loadContract } from '../parse/load-contract';
import { ContractSources } from '../parse/source-lines';
import { menuPlace } from './new-module';

/**
 * A fragment file the command refuses: one line saying what to fix. `kind` tells the CLI's exit
 * code apart: the fragment is invalid, or the call is (no such file; it exists, without --force).
 */
export class ImportModuleError extends Error {
  constructor(
    message: string,
    readonly kind: 'fragment' | 'unreadable' | 'exists' = 'fragment',
  ) {
    super(message);
    this.name = 'ImportModuleError';
  }
}

export interface ImportModuleOptions {
  /** The fragment file (e.g. the download of 导出契约). */
  file: string;
  /** Contract directory (openapi.yaml + components/ + paths/). */
  contractDir: string;
  /** Replace an existing fragment of the same group. */
  force?: boolean;
}

export interface ImportModuleResult {
  /** The fragment written: `<contractDir>/paths/<group>.yaml`. */
  written: string;
  group: string;
  /** True when an existing fragment was replaced (--force). */
  replaced: boolean;
  /** The menu place, when it had to move: [asked, given]. */
  menuMoved?: [number, number];
}

const GROUP = /^[a-z][a-z0-9_]*$/;

/** What a fragment may define: everything else belongs to the root document, openapi.yaml. */
const FRAGMENT_KEYS: readonly string[] = ['tags', 'paths', 'components'];

function parseFragment(text: string, file: string): Json {
  let parsed: unknown;
  try {
    parsed = parseYaml(text);
  } catch (error) {
    throw new ImportModuleError(
      `${file}: invalid YAML: ${(error as Error).message.split('\n')[0]}`,
    );
  }
  if (!isJson(parsed)) throw new ImportModuleError(`${file}: a fragment must be a YAML mapping`);
  return parsed;
}

/**
 * The fragment as a file: only tags, paths and components at the top, and no control character
 * in a key or a text. Every problem is one line starting with the file and its line.
 */
function checkFragmentFile(fragment: Json, text: string, file: string): void {
  const sources = new ContractSources();
  sources.add(file, text);
  const problems: string[] = [];
  for (const key of Object.keys(fragment)) {
    if (!FRAGMENT_KEYS.includes(key))
      problems.push(
        `${sources.where(file, [key])}: unexpected top-level key ${quoted(key)}: a module fragment holds only ${FRAGMENT_KEYS.join(', ')}`,
      );
  }
  for (const [text, at, isKey] of textsIn(fragment)) {
    const problem = textProblem(text, at, isKey);
    if (problem) problems.push(`${sources.where(file, at)}: ${problem}`);
  }
  if (problems.length > 0) throw new ImportModuleError(problems.join('\n'));
}

/** The fragment's one module tag (its name is the /api group and the file name). */
function moduleTag(fragment: Json, file: string): Json {
  const tags = Array.isArray(fragment.tags) ? fragment.tags.filter(isJson) : [];
  const modules = tags.filter((tag) => isJson(tag['x-admin']));
  if (modules.length !== 1)
    throw new ImportModuleError(
      `${file}: a module fragment has exactly one tag with x-admin (found ${modules.length})`,
    );
  const tag = modules[0]!;
  if (typeof tag.name !== 'string' || !GROUP.test(tag.name))
    throw new ImportModuleError(
      `${file}: tag name "${String(tag.name)}" must be the /api group: lower-case letters, digits and _`,
    );
  return tag;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** The comment lines a fragment opens with (kept when the YAML is written again). */
function leadingComments(text: string): string {
  const lines: string[] = [];
  // Split where a YAML reader ends a line, so a kept line is one comment line to it too.
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (!line.startsWith('#') && line.trim() !== '') break;
    lines.push(line);
  }
  return lines.length ? `${lines.join('\n').trimEnd()}\n\n` : '';
}

/**
 * Checks the fragment against a copy of the contract and writes it into `paths/`.
 * Throws ImportModuleError (the file), or the generator's ContractError / LintError /
 * ModelError (the merged contract), each naming what to fix; nothing is written then.
 *
 * @example await importModule({ file: 'purchase.yaml', contractDir: 'openapi' })
 * // { written: 'openapi/paths/purchase.yaml', group: 'purchase', replaced: false }
 */
export async function importModule(options: ImportModuleOptions): Promise<ImportModuleResult> {
  const shown = path.basename(options.file);
  const text = await readFile(options.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new ImportModuleError(
      error.code === 'ENOENT'
        ? `${options.file}: no such file`
        : `${options.file}: ${error.message}`,
      'unreadable',
    );
  });
  const fragment = parseFragment(text, shown);
  checkFragmentFile(fragment, text, shown);
  const tag = moduleTag(fragment, shown);
  const group = String(tag.name);
  const target = path.join(options.contractDir, 'paths', `${group}.yaml`);
  const replaced = await exists(target);
  if (replaced && options.force !== true)
    throw new ImportModuleError(
      `${path.relative(process.cwd(), target) || target} already exists; import-module never overwrites a fragment without --force`,
      'exists',
    );

  const scratch = await mkdtemp(path.join(tmpdir(), 'import-module-'));
  try {
    const copy = path.join(scratch, 'openapi');
    await cp(options.contractDir, copy, { recursive: true });
    const copied = path.join(copy, 'paths', `${group}.yaml`);
    await rm(copied, { force: true });

    let content = text;
    let menuMoved: [number, number] | undefined;
    const admin = tag['x-admin'] as Json;
    const menu = isJson(admin.menu) ? admin.menu : undefined;
    if (menu && typeof menu.group === 'string') {
      const place = await menuPlace(copy, menu.group);
      if (place && place.sort !== menu.sort) {
        menuMoved = [Number(menu.sort), place.sort];
        menu.sort = place.sort;
        content = leadingComments(text) + toYaml(fragment as YamlMap);
      }
    }

    // The same checks as `generate`: merge, lint, x-admin model.
    await writeFile(copied, content);
    const { document, locate } = await loadContract(copy);
    const problems = await lintContract(document, locate);
    if (problems.some((problem) => problem.severity === 'error')) throw new LintError(problems);
    const module = buildModules(document, locate).find((candidate) => candidate.tag === group);
    if (!module) throw new ImportModuleError(`${shown}: tag ${group} did not become a module`);

    await writeFile(target, content);
    return { written: target, group, replaced, ...(menuMoved ? { menuMoved } : {}) };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
