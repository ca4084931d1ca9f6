/**
 * HTTP for `verify --source`: one call at a time against a server that may misbehave. Every
 * way an answer can go wrong — no answer in time, a body too large to read, a redirect, text
 * that is not JSON — comes back as an Answer with a `problem`, never as a thrown error, so the
 * run reports it and goes on. The one exception is a server that cannot be reached at all
 * (nothing answered yet and the connection itself failed): that stops the run (VerifyError).
 */
import { isRecord } from '../../../src/core/guards';
import { VerifyError } from '../verify-server';
import { readWithin } from '../../../src/core/read-within';

export interface Answer {
  /** The HTTP status; 0 when there is no answer (see `problem`). */
  status: number;
  headers: Headers;
  /** The media type, lower-cased and without parameters ('' when the answer names none). */
  contentType: string;
  text: string;
  /** The body parsed, when it is JSON text. */
  json: { value: unknown } | undefined;
  /** Why there is no usable answer: a timeout, a body over the limit, a connection error. */
  problem?: string;
  /** The URL called, for Location headers relative to it. */
  url: string;
}

export interface Call {
  method: string;
  /** The path under the base URL, parameters filled in: /pet/10. */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: { contentType: string; value: unknown };
}

export interface ClientOptions {
  /** Where the document's paths start: http://127.0.0.1:4010/v3. */
  baseUrl: string;
  timeoutMs: number;
  /** Bytes of a body read at most: a server answering without end is cut off there. */
  maxBytes: number;
}

export type Send = (call: Call) => Promise<Answer>;

/**
 * Connection errors meaning nothing listens there, or nothing can be asked there (fetch refuses
 * some ports): as opposed to a server that answers badly, or drops the connection.
 */
const UNREACHABLE = new Set([
  'bad port',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);

/** undici's `fetch failed` keeps the reason in `cause`: a code (ECONNREFUSED) or a message. */
function reasonOf(error: unknown): string {
  const cause = isRecord(error) ? error.cause : undefined;
  if (isRecord(cause) && typeof cause.code === 'string') return cause.code;
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** The body as text, or why it was not read whole (over the limit). */
async function readCapped(
  response: Response,
  maxBytes: number,
): Promise<{ text: string } | { problem: string }> {
  const tooLarge = { problem: `the answer is larger than ${maxBytes} bytes (not read further)` };
  const bytes = await readWithin(response, maxBytes);
  return bytes ? { text: new TextDecoder().decode(bytes) } : tooLarge;
}

export function urlOf(baseUrl: string, call: Pick<Call, 'path' | 'query'>): URL {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${call.path}`);
  for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
  return url;
}

/** A sender bound to one server; the first call that reaches nothing throws VerifyError. */
export function createClient(options: ClientOptions): Send {
  let answered = false;
  return async (call) => {
    const url = urlOf(options.baseUrl, call);
    const controller = new AbortController();
    // One deadline for the whole exchange, body included: a server that sends its headers and
    // then trickles (or never ends) the body is cut off as surely as one that never answers.
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    const none = (problem: string): Answer => ({
      status: 0,
      headers: new Headers(),
      contentType: '',
      text: '',
      json: undefined,
      problem,
      url: url.href,
    });
    try {
      let response: Response;
      try {
        response = await fetch(url, {
          method: call.method,
          headers: {
            Accept: 'application/json, application/problem+json;q=0.9, */*;q=0.1',
            ...(call.body ? { 'Content-Type': call.body.contentType } : {}),
            ...call.headers,
          },
          body: call.body ? JSON.stringify(call.body.value) : undefined,
          // A redirect is reported, not followed: a REST call answers where it is made, and a
          // loop of redirects must not become a loop of calls.
          redirect: 'manual',
          signal: controller.signal,
        });
      } catch (error) {
        if (controller.signal.aborted) return none(`no answer within ${options.timeoutMs} ms`);
        const reason = reasonOf(error);
        if (!answered && UNREACHABLE.has(reason))
          throw new VerifyError(`cannot reach ${url.origin}: ${reason}`);
        return none(`the call failed: ${reason}`);
      }
      answered = true;
      let read: { text: string } | { problem: string };
      try {
        read = await readCapped(response, options.maxBytes);
      } catch (error) {
        read = {
          problem: controller.signal.aborted
            ? `the body did not arrive within ${options.timeoutMs} ms`
            : `the body could not be read: ${reasonOf(error)}`,
        };
      }
      const contentType = mediaTypeOf(response.headers.get('content-type') ?? '');
      const base = { status: response.status, headers: response.headers, contentType };
      if ('problem' in read)
        return { ...base, text: '', json: undefined, problem: read.problem, url: url.href };
      let json: Answer['json'];
      try {
        json = read.text.trim() === '' ? undefined : { value: JSON.parse(read.text) as unknown };
      } catch {
        json = undefined;
      }
      return { ...base, text: read.text, json, url: url.href };
    } finally {
      clearTimeout(timer);
    }
  };
}

/** A content type's media type, lower-cased, without parameters: `application/json`. */
export function mediaTypeOf(contentType: string): string {
  return (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
}

/** Whether a content type is JSON: application/json, application/problem+json, …+json. */
export function isJsonType(contentType: string): boolean {
  return /^application\/([\w.-]+\+)?json$/.test(mediaTypeOf(contentType));
}

/** The start of a body, on one line, for a finding. */
export function excerpt(text: string, length = 60): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > length ? `${line.slice(0, length)}…` : line;
}
