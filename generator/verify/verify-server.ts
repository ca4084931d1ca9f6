/**
 * Checks a running server against the contract: signs in, calls every safe operation (lists,
 * info of a listed record, lookups), and validates each answer against the operation's 200
 * response schema. Nothing is written: an operation is safe when it reads (list, info, mylist,
 * recycle, or a `get…` lookup) and needs no path parameter, upload or side effect.
 */
import { isJson, type Json } from '../json';
import { inputsFor, rememberListed, safeOperations, type Inputs, type ListedRecords } from './plan';
import { describeSchemaErrors, responseSchema, validatorFactory } from './schema';

export type VerifyOutcome = 'ok' | 'schema' | 'failed' | 'skipped';

export interface OperationResult {
  operationId: string;
  method: string;
  path: string;
  outcome: VerifyOutcome;
  /** Why it is not ok: the schema errors with their JSON paths, the failure, or the skip reason. */
  detail: string;
}

export interface VerifyOptions {
  baseUrl: string;
  username: string;
  password: string;
  /** Captcha answer sent with the login (a test server's fixed code). */
  captcha: string;
  /** The merged contract. */
  document: Json;
  timeoutMs?: number;
}

export interface VerifyReport {
  results: OperationResult[];
  counts: Record<VerifyOutcome, number>;
}

/** A sign-in or connection problem that stops the run before any operation is checked. */
export class VerifyError extends Error {}

interface Answer {
  httpStatus: number;
  body: unknown;
  error?: string;
}

async function call(
  options: VerifyOptions,
  method: string,
  path: string,
  inputs: Pick<Inputs, 'query' | 'body'>,
  headers: Record<string, string>,
): Promise<Answer> {
  const url = new URL(path, options.baseUrl.replace(/\/?$/, '/'));
  for (const [name, value] of Object.entries(inputs.query))
    url.searchParams.set(name, String(value));
  // A body (and its Content-Type) only where the contract declares one: an operation without a
  // requestBody gets none, as a validating proxy in front of the server demands.
  const init: RequestInit = {
    method,
    headers: {
      ...headers,
      ...(inputs.body ? { 'Content-Type': inputs.body.contentType } : {}),
    },
    signal: AbortSignal.timeout(options.timeoutMs ?? 30000),
  };
  if (inputs.body) init.body = JSON.stringify(inputs.body.value);
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { httpStatus: 0, body: undefined, error: cause ?? (error as Error).message };
  }
  const text = await response.text();
  try {
    return { httpStatus: response.status, body: JSON.parse(text) as unknown };
  } catch {
    return { httpStatus: response.status, body: undefined, error: 'the answer is not JSON' };
  }
}

function envelopeOf(body: unknown): { status: number; msg: string; data: unknown } | undefined {
  return isJson(body) && typeof body.status === 'number'
    ? { status: body.status, msg: typeof body.msg === 'string' ? body.msg : '', data: body.data }
    : undefined;
}

async function signIn(options: VerifyOptions): Promise<Record<string, string>> {
  const answer = await call(
    options,
    'POST',
    '/api/login',
    {
      query: {},
      body: {
        contentType: 'application/json',
        value: { username: options.username, password: options.password, captcha: options.captcha },
      },
    },
    {},
  );
  if (answer.error) throw new VerifyError(`sign-in failed: ${answer.error} (${options.baseUrl})`);
  const envelope = envelopeOf(answer.body);
  const token = isJson(envelope?.data) ? envelope.data.token : undefined;
  if (
    answer.httpStatus !== 200 ||
    !envelope ||
    envelope.status !== 200 ||
    typeof token !== 'string'
  )
    throw new VerifyError(
      `sign-in failed: HTTP ${answer.httpStatus}, status ${envelope?.status ?? '-'} ${envelope?.msg ?? ''}`.trim(),
    );
  return {
    'access-token': token,
    'user-tag': Buffer.from(options.username, 'utf8').toString('base64'),
  };
}

/** Signs in, calls every safe operation once and checks its answer against the contract. */
export async function verifyServer(options: VerifyOptions): Promise<VerifyReport> {
  const headers = await signIn(options);
  const compile = await validatorFactory(options.document);
  const listed: ListedRecords = new Map();
  const results: OperationResult[] = [];

  for (const planned of safeOperations(options.document)) {
    const base = { operationId: planned.operationId, method: planned.method, path: planned.path };
    const inputs = inputsFor(options.document, planned, listed);
    if (inputs.missing.length) {
      results.push({ ...base, outcome: 'skipped', detail: `needs ${inputs.missing.join(', ')}` });
      continue;
    }
    const answer = await call(options, planned.method, planned.path, inputs, headers);
    const envelope = envelopeOf(answer.body);
    if (answer.error || answer.httpStatus !== 200 || !envelope) {
      const why =
        answer.httpStatus > 0 && answer.httpStatus !== 200
          ? `HTTP ${answer.httpStatus}`
          : (answer.error ?? 'no envelope');
      results.push({ ...base, outcome: 'failed', detail: `${why}` });
      continue;
    }
    if (envelope.status !== 200 && envelope.status !== 1) {
      results.push({
        ...base,
        outcome: 'failed',
        detail: `status ${envelope.status}${envelope.msg ? ` ${envelope.msg}` : ''}`,
      });
      continue;
    }
    const schema = responseSchema(options.document, planned.operation);
    const validate = schema ? compile(schema) : undefined;
    if (validate && !validate(answer.body)) {
      results.push({
        ...base,
        outcome: 'schema',
        detail: describeSchemaErrors(validate.errors ?? []),
      });
    } else {
      results.push({ ...base, outcome: 'ok', detail: '' });
    }
    rememberListed(options.document, planned, envelope.data, listed);
  }

  const counts: Record<VerifyOutcome, number> = { ok: 0, schema: 0, failed: 0, skipped: 0 };
  for (const result of results) counts[result.outcome] += 1;
  return { results, counts };
}

/** The report as a fixed-width table and a summary line. */
export function formatVerifyReport(report: VerifyReport): string {
  const label: Record<VerifyOutcome, string> = {
    ok: 'ok',
    schema: 'SCHEMA',
    failed: 'FAILED',
    skipped: 'skipped',
  };
  const width = (cell: (result: OperationResult) => string) =>
    Math.max(0, ...report.results.map((result) => cell(result).length));
  const call = (result: OperationResult) => `${result.method} ${result.path}`;
  const callWidth = width(call);
  const idWidth = width((result) => result.operationId);
  const lines = report.results.map((result) =>
    [
      label[result.outcome].padEnd(7),
      call(result).padEnd(callWidth),
      result.operationId.padEnd(idWidth),
      result.detail,
    ]
      .join('  ')
      .trimEnd(),
  );
  const { ok, schema, failed, skipped } = report.counts;
  lines.push(
    '',
    `${report.results.length} operation(s): ${ok} ok, ${schema} schema error(s), ${failed} failed, ${skipped} skipped`,
  );
  return lines.join('\n');
}
