/**
 * The run's shared state and the checks every step makes of an answer under REST conventions:
 * a success is a 2xx (a redirect is not followed), a declared JSON body arrives as JSON and fits
 * its schema, a 204 is empty; an error is a 4xx/5xx whose body says what went wrong.
 */
import { isJson, type Json } from '../../json';
import type { SourceOperation } from '../../import-openapi/source-operations';
import type { OperationResult, VerifyOutcome } from '../verify-server';
import type { CheckAnswer } from './answer-schemas';
import { credentialsFor } from './auth';
import { excerpt, isJsonType, type Answer, type Call, type Send } from './http';
import { operationObject } from './plan';

export interface Context {
  document: Json;
  send: Send;
  checkAnswer: CheckAnswer;
  /** The secret `--token-env` names, sent as the operation's security scheme wants it. */
  secret: string | undefined;
  results: OperationResult[];
  /** The first record each resource listed (by resource key): its key for info, nested lists. */
  listed: Map<string, Json>;
  /** Where the document contradicts itself, said in the report without failing the run. */
  warnings: string[];
  /** The writes the server answered with a 2xx (`--writes`), for the report's note. */
  written: { added: number; edited: number; deleted: number };
}

const succeeded = (answer: Answer) => answer.status >= 200 && answer.status < 300;

/** Counts a write the server took (a 2xx), whatever the checks of its answer say. */
export function countWrite(context: Context, kind: keyof Context['written'], answer: Answer): void {
  if (succeeded(answer)) context.written[kind] += 1;
}

export interface Verdict {
  outcome: VerifyOutcome;
  detail: string;
}

export function report(
  context: Context,
  operation: SourceOperation,
  outcome: VerifyOutcome,
  detail: string,
): void {
  context.results.push({
    operationId: operation.operationId ?? operation.label,
    method: operation.method.toUpperCase(),
    path: operation.path,
    outcome,
    detail,
  });
}

/** Calls an operation with the credentials its security asks for. */
export function callOperation(
  context: Context,
  operation: SourceOperation,
  call: Omit<Call, 'method'>,
): Promise<Answer> {
  const credentials = credentialsFor(
    context.document,
    operationObject(context.document, operation),
    context.secret,
  );
  return context.send({
    ...call,
    method: operation.method.toUpperCase(),
    query: { ...call.query, ...credentials.query },
    headers: { ...call.headers, ...credentials.headers },
  });
}

/**
 * The field errors a problem+json answer lists (`errors: [{ pointer, detail | message }]`), the
 * first few, so a refused write says which value the server refused and why.
 */
function fieldErrors(body: Json): string {
  const errors = Array.isArray(body.errors) ? body.errors.filter(isJson) : [];
  const said = errors.slice(0, 3).map((error) => {
    const where = typeof error.pointer === 'string' ? error.pointer : '';
    const what = [error.detail, error.message].find((value) => typeof value === 'string');
    return [where, typeof what === 'string' ? what : ''].filter(Boolean).join(' ');
  });
  if (errors.length > 3) said.push(`and ${errors.length - 3} more`);
  return said.length > 0 ? ` (${said.join('; ')})` : '';
}

/** What an error answer says (problem+json detail or title and its field errors, a message field, or its text). */
export function errorSummary(answer: Answer): string {
  const body = answer.json?.value;
  if (isJson(body)) {
    const said = [body.detail, body.title, body.message, body.error].find(
      (value) => typeof value === 'string' && value !== '',
    );
    if (typeof said === 'string') return `: ${excerpt(said)}${fieldErrors(body)}`;
  }
  return answer.text ? `: ${excerpt(answer.text, 40)}` : '';
}

/** Why an answer that should not be an error is not a usable answer; undefined when it is a 2xx. */
export function transportFailure(answer: Answer): string | undefined {
  if (answer.problem)
    return answer.status ? `HTTP ${answer.status}: ${answer.problem}` : answer.problem;
  if (answer.status >= 300 && answer.status < 400) {
    const location = answer.headers.get('location');
    return `HTTP ${answer.status}: a redirect${location ? ` to ${excerpt(location)}` : ''} (not followed)`;
  }
  if (answer.status < 200 || answer.status >= 300)
    return `HTTP ${answer.status}${errorSummary(answer)}`;
  return undefined;
}

/**
 * A success answer: a 2xx; a 204 without a body; a body the operation declares as JSON that is
 * JSON (by its content type and its text) and fits the schema. `ok` is the detail when it is ok.
 */
export function successVerdict(
  context: Context,
  operation: SourceOperation,
  answer: Answer,
  ok: string,
): Verdict {
  const failed = (detail: string): Verdict => ({ outcome: 'failed', detail });
  // A redirect the operation declares as its answer (a well-known URL's 303) is its success.
  if (
    answer.status >= 300 &&
    answer.status < 400 &&
    declaresOnlyRedirect(context, operation, answer.status)
  )
    return {
      outcome: 'ok',
      detail: `${ok}: the redirect it declares (not followed)`,
    };
  const failure = transportFailure(answer);
  if (failure) return failed(failure);
  if (answer.status === 204)
    return answer.text.trim() === ''
      ? { outcome: 'ok', detail: ok }
      : failed('HTTP 204 with a body');
  const check = context.checkAnswer(operation, answer.status, answer.json?.value);
  const jsonType = isJsonType(answer.contentType);
  if (!check.declared && answer.status < 300 && !declaresSuccess(context, operation))
    context.warnings.push(
      `${operation.method.toUpperCase()} ${operation.path}: the document declares no success answer (its default sits beside the error statuses): HTTP ${answer.status} not checked`,
    );
  if (!check.declared)
    return jsonType && answer.text.trim() !== '' && !answer.json
      ? failed(`HTTP ${answer.status}: the answer is not JSON: ${excerpt(answer.text)}`)
      : { outcome: 'ok', detail: ok };
  if (!jsonType)
    return failed(
      `HTTP ${answer.status}: content type ${answer.contentType || '(none)'}, not JSON${answer.text ? ` (${excerpt(answer.text, 40)})` : ''}`,
    );
  if (!answer.json)
    return failed(
      answer.text.trim() === ''
        ? `HTTP ${answer.status}: an empty body where JSON is declared`
        : `HTTP ${answer.status}: the answer is not JSON: ${excerpt(answer.text)}`,
    );
  if (check.errors) return { outcome: 'schema', detail: check.errors };
  if (check.unchecked)
    return { outcome: 'skipped', detail: `${ok}; the answer is not checked: ${check.unchecked}` };
  return { outcome: 'ok', detail: ok };
}

/** Whether the operation declares a 2xx answer, or a default with no error status beside it. */
function declaresSuccess(context: Context, operation: SourceOperation): boolean {
  const object = operationObject(context.document, operation);
  const statuses = Object.keys(isJson(object.responses) ? object.responses : {});
  if (statuses.some((key) => /^2/.test(key))) return true;
  return statuses.includes('default') && !statuses.some((key) => /^[45]/.test(key));
}

/** Whether the operation declares this 3xx and no 2xx answer. */
function declaresOnlyRedirect(
  context: Context,
  operation: SourceOperation,
  status: number,
): boolean {
  const object = operationObject(context.document, operation);
  const statuses = Object.keys(isJson(object.responses) ? object.responses : {});
  return statuses.includes(String(status)) && !statuses.some((key) => /^2(\d\d|XX)$/i.test(key));
}

/** The text of a key as it goes into a path (a number or a string; nothing else is a key). */
export function keyText(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}
