/**
 * A content-addressed cache for the generator's slow pure steps (orval, openapi-typescript,
 * prettier). A result is reused only for exactly the same inputs — the key is a SHA-256 of the
 * step's name, its inputs, the installed dependency set (package-lock.json) and the repo's
 * prettier config — so the output is byte-identical to an uncached run. It lives in
 * node_modules/.cache (never committed; a clean clone starts empty), keeps the entries the last
 * run used plus the most recent others up to a size limit (so a fixture or scratch contract run
 * does not evict the real contract's entries), and a missing or unreadable cache is an empty one.
 * GENERATE_CACHE=0 turns it off.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

const CACHE_VERSION = '1';

/** Characters kept in the file: the real contract needs ≈ 3 M; more only slows its parse. */
const KEPT_CHARACTERS = 12_000_000;

/** Whether the generator may reuse earlier results (GENERATE_CACHE=0: a from-scratch run). */
export function cacheEnabled(): boolean {
  return process.env.GENERATE_CACHE !== '0';
}

/** The generator's folder of reusable results under `rootDir`. */
export function cacheDir(rootDir: string): string {
  return path.join(rootDir, 'node_modules', '.cache', 'admin-generator');
}

/** SHA-256 in hex: the generator's one hash (cache keys, run record, format ledger). */
export function sha256(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/** A file's text, or '' when it cannot be read (a missing input hashes as empty). */
export async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return '';
  }
}

export class ContentCache {
  private readonly used = new Map<string, string>();
  private changed = false;

  private constructor(
    private readonly file: string | undefined,
    private readonly stored: ReadonlyMap<string, string>,
    private readonly salt: string,
  ) {}

  /**
   * The cache of `rootDir`; off (every lookup misses, nothing is saved) when not `enabled`, by
   * default when GENERATE_CACHE=0.
   */
  static async open(rootDir: string, enabled = cacheEnabled()): Promise<ContentCache> {
    const salt = createHash('sha256')
      .update(CACHE_VERSION)
      .update(await readText(path.join(rootDir, 'package-lock.json')))
      .update(await readText(path.join(rootDir, '.prettierrc.json')))
      .digest('hex');
    if (!enabled) return new ContentCache(undefined, new Map(), salt);
    const file = path.join(cacheDir(rootDir), 'cache.json');
    let stored = new Map<string, string>();
    try {
      const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        stored = new Map(
          Object.entries(parsed).filter((entry): entry is [string, string] => {
            return typeof entry[1] === 'string';
          }),
        );
    } catch {
      // No cache yet, or a damaged one: start empty.
    }
    return new ContentCache(file, stored, salt);
  }

  /** The key of a step's result: the step's name and every input it reads. */
  key(step: string, ...inputs: string[]): string {
    const hash = createHash('sha256').update(this.salt).update(step);
    for (const input of inputs) hash.update(`\0${input.length}\0`).update(input);
    return hash.digest('hex');
  }

  /** The stored result of `key`, or the result of `compute` (then stored). */
  async through(key: string, compute: () => Promise<string>): Promise<string> {
    const hit = this.used.get(key) ?? this.stored.get(key);
    if (hit !== undefined) {
      this.used.set(key, hit);
      return hit;
    }
    const value = await compute();
    this.used.set(key, value);
    this.changed = true;
    return value;
  }

  /**
   * Writes (atomically) the entries this run used, then the earlier ones in their stored order
   * (most recently written first) while they fit in KEPT_CHARACTERS. A run that added nothing
   * writes nothing.
   */
  async save(): Promise<void> {
    if (!this.file || !this.changed) return;
    const kept = new Map(this.used);
    let size = 0;
    for (const [key, value] of kept) size += key.length + value.length;
    for (const [key, value] of this.stored) {
      if (kept.has(key)) continue;
      size += key.length + value.length;
      if (size > KEPT_CHARACTERS) break;
      kept.set(key, value);
    }
    await mkdir(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(Object.fromEntries(kept)));
    await rename(temporary, this.file);
  }
}
