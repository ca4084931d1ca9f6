/**
 * A failed source call as the user meets it: one Chinese message, shown the way the envelope
 * client shows its transport and HTTP failures (the same toast, the same 5 s), and the
 * `ApiError` the CRUD blocks already understand. The blocks show nothing themselves for a
 * failed call, so the message is shown here, once.
 */
import type { SourceDescription } from '@/core/rest-source';
import { ApiError, type ApiErrorKind, type Envelope } from '@/lib/request';
import { showTransportError } from '@/lib/request/status';
import { restSourceMessages as t } from '@/locale/rest-source';
import { errorDetail } from './error-detail';
import { fieldProblems, type FieldProblem } from './field-problems';

/**
 * A write the server refused as invalid (400/422), with what it said about each field: the
 * form shows each message under its field (src/components/form/server-errors.ts); the toast
 * has already summed them all up.
 */
export class FieldRejection extends ApiError {
  constructor(
    message: string,
    status: number,
    readonly problems: readonly FieldProblem[],
  ) {
    super(message, undefined, status, 'http');
    this.name = 'FieldRejection';
  }
}

/** The field problems an error carries (none for any other failure). */
export function fieldProblemsOf(error: unknown): readonly FieldProblem[] {
  return error instanceof FieldRejection ? error.problems : [];
}

/** The problems a refused body lists, whatever its Content-Type says; none if it is no JSON. */
function problemsOfText(text: string): FieldProblem[] {
  try {
    return fieldProblems(JSON.parse(text));
  } catch {
    return [];
  }
}

/** Shows `message` and gives the error to throw (status: the HTTP status, 0 without one). */
export function sourceFailure(message: string, status: number, kind: ApiErrorKind): ApiError {
  showTransportError(message);
  return new ApiError<Envelope>(message, undefined, status, kind);
}

/** The message for HTTP status `code` of `source`, with the server's detail where it helps. */
export function httpErrorMessage(source: SourceDescription, code: number, detail: string): string {
  switch (code) {
    case 400:
    case 422:
      return t.invalid(detail);
    case 401:
      // The server's reason ("token expired") adds nothing the user can act on: sign in again.
      return t.signInRequired(source.title);
    case 403:
      return t.forbidden(source.title, detail);
    case 404:
      return t.notFound;
    case 409:
      return t.conflict(detail);
  }
  return code >= 500 ? t.serverError(source.title, detail) : t.httpError(code, detail);
}

/** The error for a non-2xx answer whose body text is `text`. */
export function httpFailure(
  source: SourceDescription,
  code: number,
  text: string,
  contentType: string,
): ApiError {
  // Read even where the document declares no error body: servers often say more than their
  // documents do, and errorDetail drops what is not plain words (HTML pages, unreadable bodies).
  const detail = errorDetail(text, contentType);
  const message = httpErrorMessage(source, code, detail);
  const problems = code === 400 || code === 422 ? problemsOfText(text) : [];
  if (problems.length === 0) return sourceFailure(message, code, 'http');
  showTransportError(message);
  return new FieldRejection(message, code, problems);
}
