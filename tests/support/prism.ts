/**
 * Stoplight Prism's proxy as an outside validator of the contract: started in front of a backend
 * with the bundle the generator writes (generated/openapi.json), it checks every request and
 * every answer that passes through it. With --errors a request that breaks the contract is
 * refused (422) and an answer that breaks it is replaced by an error. Prism logs each case, and
 * also tells the caller: the `sl-violations` header of a forwarded answer, or the `validation`
 * list of the problem+json answer it sent instead. Used by `cli verify` (tests/generator) and by
 * the browser's walk over every screen (tests/e2e).
 */
import path from 'node:path';
import { textOf } from '@/core/guards';
import { startProcess, type RunningProcess } from '../generator/cli-process';
import { REPO } from '../generator/helpers';
import { freePort } from './free-port';

const PRISM = path.join(REPO, 'node_modules/@stoplight/prism-cli/dist/index.js');
export const CONTRACT_BUNDLE = path.join(REPO, 'generated/openapi.json');

/** `prism proxy <bundle> <upstream> --errors` on a free loopback port; resolves with its URL. */
export async function startPrismProxy(
  upstream: string,
): Promise<RunningProcess & { found: string }> {
  return startProcess(
    process.execPath,
    [
      PRISM,
      'proxy',
      CONTRACT_BUNDLE,
      upstream,
      '--errors',
      '--host',
      '127.0.0.1',
      '--port',
      String(await freePort()),
    ],
    /Prism is listening on (http:\/\/\S+)/,
    90_000,
  );
}

/**
 * The lines of Prism's log that report a violation (`[VALIDATOR] … Violation: <where> <what>`,
 * errors and warnings) or a call it refused (`[HTTP SERVER] <method> <path> ✖ error Request
 * terminated with error: …`, which names the call).
 */
export function violationLines(log: string): string[] {
  return log.split('\n').filter((line) => /violation|request terminated with error|✖/i.test(line));
}

/** The calls Prism received, one `<method> <path>` each, in order. */
export function receivedCalls(log: string): string[] {
  return [...log.matchAll(/\[HTTP SERVER\] (\w+) (\/\S*) .*Request received/g)].map(
    (match) => `${match[1]?.toUpperCase()} ${match[2]}`,
  );
}

export interface Violation {
  method: string;
  path: string;
  message: string;
}

interface PrismValidation {
  location?: unknown;
  message?: unknown;
  severity?: unknown;
}

function explain(validation: PrismValidation): string {
  const where = Array.isArray(validation.location) ? validation.location.join('.') : '';
  return `${textOf(validation.severity)} ${where}: ${textOf(validation.message)}`;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function validationsOf(value: unknown): PrismValidation[] {
  return Array.isArray(value)
    ? value.filter((item): item is PrismValidation => typeof item === 'object' && item !== null)
    : [];
}

/**
 * What Prism told the caller in one answer: each entry of its `sl-violations` header, and for an
 * answer it made itself (problem+json: a refused request, a broken answer, a call the contract
 * does not describe) each entry of its `validation` list, or its title and detail.
 */
export async function violationsInAnswer(
  call: { method: string; path: string },
  headers: Record<string, string>,
  body: () => Promise<string>,
): Promise<Violation[]> {
  const found: Violation[] = [];
  const add = (message: string) => found.push({ ...call, message });
  const header = headers['sl-violations'];
  if (header) validationsOf(parsed(header)).forEach((item) => add(explain(item)));
  if ((headers['content-type'] ?? '').includes('application/problem+json')) {
    const problem = parsed(await body());
    const record = typeof problem === 'object' && problem !== null ? problem : {};
    const listed = 'validation' in record ? validationsOf(record.validation) : [];
    if (listed.length > 0) listed.forEach((item) => add(explain(item)));
    else
      add(
        `${'title' in record ? String(record.title) : 'problem'}: ${'detail' in record ? String(record.detail) : ''}`,
      );
  }
  return found;
}
