/**
 * `verify --source <name>`: checks a live server of an imported source against its annotated
 * document under REST conventions. Reads always (each resource's list and info, every other GET
 * that needs no parameter); writes only when asked (`writes`): a round trip on a record of its
 * own per resource, and one add the server must refuse. The report has the shape of the
 * envelope backend's (`verifyServer`), so the CLI's reporters print either.
 *
 * @example
 * const report = await verifySource({ contractDir: 'openapi', name: 'petstore',
 *   baseUrl: 'http://127.0.0.1:4010', writes: false });
 * report.counts // { ok: 6, schema: 0, failed: 0, skipped: 2 }
 */
import type { VerifyOutcome, VerifyReport } from '../verify-server';
import { createAnswerCheck } from './answer-schemas';
import { report, type Context } from './checks';
import { createClient } from './http';
import { checkInvalidAdd } from './invalid-add';
import { backOfficePathAt, serverPath, sourcePrefix } from '../../../src/core/openapi-server';
import { loadSource } from './load';
import { planOf } from './plan';
import { checkOtherReads, checkResources } from './reads';
import { roundTrip, roundTripBlocker } from './writes';

export { SourceError } from './load';

export interface SourceVerifyOptions {
  /** The contract directory holding sources/<name>/. */
  contractDir: string;
  name: string;
  /**
   * The server; without a path, the document's server path (`/v3`) is appended, or the
   * source's own prefix `/sources/<name>` where that path is the back-office's (defaultPath).
   */
  baseUrl: string;
  /** Add, edit and delete records (a round trip of its own per resource). Off by default. */
  writes: boolean;
  /** Sent as the source's security schemes want it (bearer, API key, basic `user:password`). */
  secret?: string;
  /** Per call, the body included (default 10 s). */
  timeoutMs?: number;
  /** Bytes read of one answer at most (default 8 MiB). */
  maxBytes?: number;
}

export interface SourceVerifyReport extends VerifyReport {
  /** Where the document's paths were called. */
  baseUrl: string;
  /** Lines for the text report: what was not checked, and why. */
  notes: string[];
}

/** The base URL the document's paths go under. */
export function baseUrlFor(given: string, documentPath: string): string {
  const url = new URL(given);
  const own = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${own === '' ? documentPath : own}`;
}

/**
 * The path a base URL without one gets: the document's server path (`/v3`), unless that is the
 * back-office's own (`/api`, `/api/v1`) or the root, where a server of ours answers the
 * back-office: then the source's own prefix there (`/sources/<name>`), and a note says so.
 */
export function defaultPath(documentPath: string, name: string): { path: string; note?: string } {
  const own = backOfficePathAt(documentPath);
  if (own === undefined) return { path: documentPath };
  const path = sourcePrefix(name);
  const why =
    documentPath === ''
      ? 'the document names no server path'
      : `the document's server path ${documentPath} is the back-office's own ${own}`;
  return {
    path,
    note: `called at ${path}, the source's own prefix on the mock server and behind the app (${why}); give --base-url with a path to call another`,
  };
}

/** What `--writes` wrote, said whether or not it is anything: a run that wrote nothing says so. */
export function writtenNote(written: Context['written'], resources: number): string {
  const { added, edited, deleted } = written;
  if (added + edited + deleted === 0)
    return resources === 0
      ? 'written: nothing (--writes found no resource with both an add and a delete; the skipped rows say why)'
      : `written: nothing (none of the ${resources} round trip(s) got a record added; the failed rows say why)`;
  return `written: ${added} record(s) added, ${edited} edited, ${deleted} deleted, in ${resources} round trip(s)`;
}

export async function verifySource(options: SourceVerifyOptions): Promise<SourceVerifyReport> {
  const document = await loadSource(options.contractDir, options.name);
  const given = new URL(options.baseUrl).pathname.replace(/\/+$/, '');
  const fallback = defaultPath(serverPath(document), options.name);
  const baseUrl = baseUrlFor(options.baseUrl, fallback.path);
  const plan = planOf(document);
  const context: Context = {
    document,
    send: createClient({
      baseUrl,
      timeoutMs: options.timeoutMs ?? 10_000,
      maxBytes: options.maxBytes ?? 8 * 1024 * 1024,
    }),
    checkAnswer: await createAnswerCheck(document),
    secret: options.secret,
    results: [],
    listed: new Map(),
    warnings: [],
    written: { added: 0, edited: 0, deleted: 0 },
  };
  const writable = plan.resources.filter(
    ({ operations }) => operations.add ?? operations.edit ?? operations.delete,
  );
  const roundTrips = new Set(
    options.writes
      ? writable.filter((resource) => !roundTripBlocker(resource)).map(({ key }) => key)
      : [],
  );
  await checkResources(context, plan, roundTrips);
  await checkOtherReads(context, plan);
  const notes: string[] = [];
  if (given === '' && fallback.note) notes.push(fallback.note);
  if (!options.writes && writable.length > 0)
    notes.push(
      `not written to: ${writable.map(({ key }) => key).join(', ')} (--writes adds, edits and deletes a record of its own in each)`,
    );
  for (const resource of options.writes ? writable : []) {
    const blocker = roundTripBlocker(resource);
    const first = resource.operations.add ?? resource.operations.edit ?? resource.operations.delete;
    if (blocker && first) report(context, first, 'skipped', `round trip: ${blocker}`);
    if (blocker) continue;
    await roundTrip(context, plan, resource);
    await checkInvalidAdd(context, plan, resource);
  }
  if (options.writes) notes.push(writtenNote(context.written, roundTrips.size));
  notes.push(...context.warnings.map((warning) => `warning: ${warning}`));
  const counts: Record<VerifyOutcome, number> = { ok: 0, schema: 0, failed: 0, skipped: 0 };
  for (const result of context.results) counts[result.outcome] += 1;
  return { results: context.results, counts, baseUrl, notes };
}
