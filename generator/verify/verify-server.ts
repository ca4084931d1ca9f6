/**
 * Checks a running server against the contract: signs in, calls every safe operation (lists,
 * info of a listed record, lookups), and validates each answer against the operation's 200
 * response schema. Nothing is written: an operation is safe when it reads (list, info, mylist,
 * recycle, or a `get…` lookup) and needs no path parameter, upload or side effect.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { isJson, type Json } from '../json';
import { resolveRef } from '../model/refs';

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

interface PlannedOperation {
  operationId: string;
  method: string;
  path: string;
  tag: string;
  capability: string | undefined;
  operation: Json;
}

const READ_CAPABILITIES = new Set(['list', 'info', 'mylist', 'recycle']);
/** Reads with a side effect or an answer that is not JSON. */
const NOT_SAFE = new Set(['/api/clearcache', '/api/captcha', '/api/login']);
const PAGE = { pageindex: 1, pagesize: 10 };

function tagAdmin(document: Json, tag: string): Json {
  const tags = Array.isArray(document.tags) ? document.tags : [];
  const found = tags.find((entry): entry is Json => isJson(entry) && entry.name === tag);
  return isJson(found?.['x-admin']) ? found['x-admin'] : {};
}

/** The safe operations of the contract, lists first so that info calls can use a listed id. */
export function safeOperations(document: Json): PlannedOperation[] {
  const planned: PlannedOperation[] = [];
  const paths = isJson(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isJson(item) || path.includes('{') || NOT_SAFE.has(path)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!isJson(operation) || typeof operation.operationId !== 'string') continue;
      const admin = isJson(operation['x-admin']) ? operation['x-admin'] : {};
      const capability = typeof admin.capability === 'string' ? admin.capability : undefined;
      const last = path.replace(/\/+$/, '').split('/').pop() ?? '';
      const reads =
        (capability !== undefined && READ_CAPABILITIES.has(capability)) ||
        (capability === undefined && (/^get/i.test(last) || last === 'list'));
      if (!reads) continue;
      const tags = Array.isArray(operation.tags) ? operation.tags : [];
      planned.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        tag: typeof tags[0] === 'string' ? tags[0] : '',
        capability,
        operation,
      });
    }
  }
  const rank = (op: PlannedOperation) =>
    op.capability === 'list' || op.path.endsWith('/list') ? 0 : 1;
  return planned.sort(
    (a, b) => rank(a) - rank(b) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
}

/** A value the contract itself offers for a parameter: example, default, enum or const. */
function offeredValue(schema: Json): unknown {
  if ('example' in schema) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if ('const' in schema) return schema.const;
  return undefined;
}

interface Inputs {
  query: Record<string, unknown>;
  /** Sent only when the operation declares a request body, as its declared JSON media type. */
  body: { contentType: string; value: Record<string, unknown> } | undefined;
  missing: string[];
}

/** The JSON media type a request body declares (`application/json`, `…+json`), if any. */
function jsonMediaType(content: Json): string | undefined {
  return Object.keys(content).find((type) =>
    /^application\/(?:[\w.-]+\+)?json(?:\s*;.*)?$/i.test(type),
  );
}

/** The first record each tag's list answered, and its primary key field. */
type ListedRecords = Map<string, { primaryKey: string; row: Json }>;

/**
 * The value of one parameter or body property: paging for lists; the listed record's key for
 * `id`; a field of the listed record of that name (`code`, `topCode`); for `<x>id` the key of the
 * record listed by the tag ending in `<x>` (roleid → adminrole); the contract's own example,
 * default or enum; an object built from its required properties. Undefined when none fits.
 */
function valueFor(
  document: Json,
  tag: string,
  listed: ListedRecords,
  name: string,
  schema: Json,
  depth = 0,
): unknown {
  if (name in PAGE) return PAGE[name as keyof typeof PAGE];
  const own = listed.get(tag);
  // {id: {id}} (spec section 7): the outer id is an object, built below.
  const isObject = isJson(schema.properties);
  if (own && !isObject && (name === own.primaryKey || name === 'id'))
    return own.row[own.primaryKey];
  const field = isObject ? undefined : own?.row[name];
  if (field !== undefined && field !== null && typeof field !== 'object') return field;
  const idOf = /^([a-z]+?)_?id$/i.exec(name)?.[1]?.toLowerCase();
  if (idOf) {
    for (const [otherTag, record] of listed)
      if (otherTag.toLowerCase().endsWith(idOf)) return record.row[record.primaryKey];
  }
  const offered = offeredValue(schema);
  if (offered !== undefined) return offered;
  if (depth < 3 && isJson(schema.properties)) {
    const built: Json = {};
    for (const required of Array.isArray(schema.required) ? schema.required : []) {
      if (typeof required !== 'string') continue;
      const value = valueFor(
        document,
        tag,
        listed,
        required,
        resolveRef(schema.properties[required], document),
        depth + 1,
      );
      if (value === undefined) return undefined;
      built[required] = value;
    }
    return built;
  }
  return undefined;
}

/**
 * The parameters of one call: the query's and the JSON body's required values (and paging),
 * each from `valueFor`; a required value it cannot give is reported, and the call skipped.
 */
function inputsFor(document: Json, planned: PlannedOperation, listed: ListedRecords): Inputs {
  const value = (name: string, schema: unknown) =>
    valueFor(document, planned.tag, listed, name, resolveRef(schema, document));
  const inputs: Inputs = { query: {}, body: undefined, missing: [] };
  const parameters = Array.isArray(planned.operation.parameters)
    ? planned.operation.parameters
    : [];
  for (const raw of parameters) {
    const parameter = resolveRef(raw, document);
    if (parameter.in !== 'query' || typeof parameter.name !== 'string') continue;
    const given = parameter.required === true || parameter.name in PAGE;
    const found = given ? value(parameter.name, parameter.schema) : undefined;
    if (found !== undefined) inputs.query[parameter.name] = found;
    else if (parameter.required === true) inputs.missing.push(parameter.name);
  }
  const body = resolveRef(planned.operation.requestBody, document);
  const content = isJson(body.content) ? body.content : {};
  const contentType = jsonMediaType(content);
  const media = contentType ? content[contentType] : undefined;
  if (contentType && isJson(media)) {
    const schema = resolveRef(media.schema, document);
    const properties = isJson(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const sent: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(properties)) {
      if (!required.has(name) && !(name in PAGE)) continue;
      const found = value(name, property);
      if (found !== undefined) sent[name] = found;
      else if (required.has(name)) inputs.missing.push(name);
    }
    inputs.body = { contentType, value: sent };
  } else if (Object.keys(content).length > 0) {
    inputs.missing.push(`a ${Object.keys(content)[0]} body`);
  }
  return inputs;
}

function responseSchema(document: Json, operation: Json): Json | undefined {
  const responses = isJson(operation.responses) ? operation.responses : {};
  const ok = resolveRef(responses['200'], document);
  const content = isJson(ok.content) ? ok.content : {};
  const media = content['application/json'];
  return isJson(media) && isJson(media.schema) ? media.schema : undefined;
}

const DOC_ID = 'https://contract.invalid/openapi.json';

async function validatorFactory(document: Json): Promise<(schema: Json) => ValidateFunction> {
  const [{ default: Ajv2020 }, formats] = await Promise.all([
    import('ajv/dist/2020.js'),
    import('ajv-formats'),
  ]);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  formats.default(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema({ $id: DOC_ID, components: document.components });
  return (schema) =>
    ajv.compile(
      JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, `"${DOC_ID}#/components/`)),
    );
}

/** Schema errors as `JSON path: message`, the first three, with the count of the rest. */
export function describeSchemaErrors(errors: readonly ErrorObject[]): string {
  // allOf/anyOf wrappers repeat the leaf errors; keep the leaves, once each.
  const lines = [
    ...new Set(
      errors
        .filter((error) => !['allOf', 'anyOf', 'oneOf', 'if'].includes(error.keyword))
        .map((error) => {
          const extra =
            error.keyword === 'additionalProperties'
              ? ` (${String((error.params as { additionalProperty?: string }).additionalProperty)})`
              : '';
          return `${error.instancePath || '/'}: ${error.message ?? error.keyword}${extra}`;
        }),
    ),
  ];
  const shown = lines.slice(0, 3).join('; ');
  return lines.length > 3 ? `${shown}; and ${lines.length - 3} more` : shown;
}

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

/** The first record of a list answer, for the tag's info call and its lookups. */
function rememberListed(
  document: Json,
  planned: PlannedOperation,
  data: unknown,
  listed: ListedRecords,
): void {
  if (listed.has(planned.tag) || !isJson(data) || !Array.isArray(data.data)) return;
  const admin = tagAdmin(document, planned.tag);
  const primaryKey = typeof admin.primaryKey === 'string' ? admin.primaryKey : 'id';
  const first: unknown = data.data[0];
  if (isJson(first) && first[primaryKey] !== undefined)
    listed.set(planned.tag, { primaryKey, row: first });
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
