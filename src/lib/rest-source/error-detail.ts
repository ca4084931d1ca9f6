/**
 * The server's own words about a failed call, as one line of plain text: what RFC 7807
 * (`detail`, `title`), the common validation shapes (read by ./field-problems: `errors` as
 * strings, as `{pointer|field, message}` items or as a field → messages object, FastAPI's
 * `detail[]`) and plain `message` bodies say.
 * Never HTML: an error page from a proxy or framework is dropped, not shown; and the text is
 * capped so a stack trace does not fill the screen.
 */
import { isRecord, textOf } from '@/core/guards';
import { fieldProblems, type FieldProblem } from './field-problems';

/** Longest detail shown; longer ones are cut with an ellipsis. */
export const DETAIL_MAX_CHARS = 200;

const LOOKS_LIKE_HTML = /<\s*(!doctype|html|head|body|div|p|br|h\d|pre|title|span|a)\b/i;

/** The first text among `fields` of `body` that is not empty (a list is no text: FastAPI's `detail`). */
function firstText(body: Record<string, unknown>, fields: readonly string[]): string {
  for (const field of fields) {
    const text = Array.isArray(body[field]) ? '' : textOf(body[field]).trim();
    if (text) return text;
  }
  return '';
}

/** One problem: `field：message`, or the message alone (also when it names the field). */
function problemText({ path, message }: FieldProblem): string {
  const where = path.join('.');
  if (!where || message.startsWith(`${where} `)) return message;
  return `${where}：${message}`;
}

/** The detail of a parsed JSON error body. */
function jsonDetail(body: unknown): string {
  if (typeof body === 'string') return body;
  if (!isRecord(body)) return '';
  // A nested `error: {message}` (Google/Stripe style) reads like the body itself.
  if (isRecord(body.error)) return jsonDetail(body.error);
  const summary = firstText(body, ['detail', 'message', 'error', 'error_description']);
  const problems = fieldProblems(body).map(problemText);
  // `title` is the status's generic name ("Unprocessable Entity"): only when nothing says more.
  if (!summary && problems.length === 0) return firstText(body, ['title']);
  return [summary, ...problems].filter(Boolean).join('；');
}

/** Whitespace collapsed, capped at DETAIL_MAX_CHARS. */
function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > DETAIL_MAX_CHARS ? `${line.slice(0, DETAIL_MAX_CHARS - 1)}…` : line;
}

/**
 * The detail of an error answer's body text ('' when it has none worth showing). JSON is read
 * whatever the Content-Type says (many servers label problem bodies text/plain); other text only
 * when it is not HTML.
 */
export function errorDetail(text: string, contentType: string): string {
  if (!text.trim()) return '';
  let detail: string;
  try {
    const parsed: unknown = JSON.parse(text);
    detail = jsonDetail(parsed);
  } catch {
    detail = contentType.includes('html') ? '' : text;
  }
  return LOOKS_LIKE_HTML.test(detail) ? '' : oneLine(detail);
}
