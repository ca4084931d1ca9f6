/**
 * Issue 50's measure for `npm run bench:real` (scripts/real-documents.ts): of an imported
 * source's resources that have a list or a lookup (capability `list` or `info`), how many became
 * screens a person can open — a generated page reached from the menu (a `menu` entry) or from
 * its parent's rows (`parent`, whose own screen is reached so). A page with neither is counted
 * apart: it exists, but nothing leads to it.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { isJson } from '../generator/json';

export interface ScreenCount {
  /** Resources with a list or a lookup. */
  listed: number;
  /** Of them, with a generated page. */
  pages: number;
  /** Of them, with a page reached from the menu or a reached parent's rows. */
  reached: number;
  /** Keys of listed resources whose page nothing leads to. */
  unreached: string[];
}

interface ModuleEntry {
  key: string;
  listed: boolean;
  menu: boolean;
  parent?: string;
}

/** The modules of a source's annotated document: its tags' x-admin and the root's modules. */
function modulesOf(document: unknown): ModuleEntry[] {
  if (!isJson(document)) return [];
  const tags: unknown[] = Array.isArray(document.tags) ? document.tags : [];
  const root = isJson(document['x-admin']) ? document['x-admin'] : {};
  const rootModules: unknown[] = Array.isArray(root.modules) ? root.modules : [];
  const admins: unknown[] = [
    ...tags.map((tag) => (isJson(tag) ? tag['x-admin'] : undefined)),
    ...rootModules,
  ];
  return admins.flatMap((admin) => {
    if (!isJson(admin) || typeof admin.module !== 'string') return [];
    const capabilities: unknown[] = Array.isArray(admin.capabilities) ? admin.capabilities : [];
    const parent = isJson(admin.parent) ? admin.parent.resource : undefined;
    return [
      {
        key: admin.module,
        listed: capabilities.includes('list') || capabilities.includes('info'),
        // generate gives a nested collection no menu entry (generator/sources/source-model.ts).
        menu: isJson(admin.menu) && parent === undefined,
        ...(typeof parent === 'string' ? { parent } : {}),
      },
    ];
  });
}

/** Whether a person can open `entry`'s screen: from the menu, or from a reached parent's rows. */
function reachedFrom(modules: ReadonlyMap<string, ModuleEntry>, entry: ModuleEntry): boolean {
  const seen = new Set<string>();
  for (let at: ModuleEntry | undefined = entry; at && !seen.has(at.key); ) {
    if (at.menu) return true;
    seen.add(at.key);
    at = at.parent === undefined ? undefined : modules.get(at.parent);
  }
  return false;
}

/**
 * Counts for source `name`: its annotated document in `contract`/sources/, its pages in
 * `generated`/sources/<name>/pages (none counted when it was not generated).
 */
export async function countScreens(
  contract: string,
  generated: string,
  name: string,
): Promise<ScreenCount> {
  const text = await readFile(path.join(contract, 'sources', name, 'openapi.yaml'), 'utf8');
  const modules = modulesOf(parse(text, { maxAliasCount: -1 }));
  const byKey = new Map(modules.map((entry) => [entry.key, entry]));
  const pageFiles = new Set(
    await readdir(path.join(generated, 'sources', name, 'pages')).catch(() => []),
  );
  const listed = modules.filter((entry) => entry.listed);
  const withPage = listed.filter((entry) => pageFiles.has(`${entry.key}-page.tsx`));
  const reached = withPage.filter((entry) => reachedFrom(byKey, entry));
  return {
    listed: listed.length,
    pages: withPage.length,
    reached: reached.length,
    unreached: withPage.filter((entry) => !reached.includes(entry)).map((entry) => entry.key),
  };
}

/** The table cell: `157 of 187 (84 %); 187 pages` — reached of listed, and the pages made. */
export function screensCell(count: ScreenCount | undefined): string {
  if (!count) return '–';
  const share = count.listed === 0 ? 100 : Math.floor((count.reached / count.listed) * 100);
  return `${count.reached} of ${count.listed} (${share} %); ${count.pages} pages`;
}
