/**
 * A scripted XMLHttpRequest for the progress transport's tests: it records what the app sent
 * and plays the test's script (progress, answer, failure), so every event is exact and nothing
 * is timed. msw/node does intercept XMLHttpRequest under jsdom, but there a jsdom FormData
 * reaches the handler as its string form and a Blob answer throws inside the interceptor, so
 * multipart uploads and file downloads cannot be checked through it.
 * @example vi.stubGlobal('XMLHttpRequest', ScriptedXhr); ScriptedXhr.script = (xhr) => xhr.answer(200, ok);
 */

/** A progress event as the browser builds it (Node has no ProgressEvent). */
class Progress extends Event {
  constructor(
    type: string,
    readonly loaded: number,
    readonly total: number,
    readonly lengthComputable: boolean,
  ) {
    super(type);
  }
}

export type Script = (xhr: ScriptedXhr) => void;

export class ScriptedXhr extends EventTarget {
  /** What every request does once sent; set by each test. */
  static script: Script = () => undefined;
  /** Every request sent since the last `reset`, in order. */
  static sent: ScriptedXhr[] = [];

  static reset(script: Script = () => undefined): void {
    ScriptedXhr.script = script;
    ScriptedXhr.sent = [];
  }

  readonly upload = new EventTarget();
  readonly headers: Record<string, string> = {};
  method = '';
  url = '';
  body: unknown;
  status = 0;
  responseText = '';
  response: unknown = '';
  responseType = '';
  timeout = 0;
  aborted = false;
  private answerHeaders: Record<string, string> = {};

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  getResponseHeader(name: string): string | null {
    return this.answerHeaders[name.toLowerCase()] ?? null;
  }

  send(body: unknown): void {
    this.body = body;
    ScriptedXhr.sent.push(this);
    queueMicrotask(() => ScriptedXhr.script(this));
  }

  abort(): void {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }

  /** The browser has sent `loaded` of the body's `total` bytes. */
  sending(loaded: number, total: number): void {
    this.upload.dispatchEvent(new Progress('progress', loaded, total, true));
  }

  /** `loaded` bytes of the answer have arrived, of `total` when the server announced it. */
  receiving(loaded: number, total?: number): void {
    this.dispatchEvent(new Progress('progress', loaded, total ?? 0, total !== undefined));
  }

  /** The answer: a JSON value (or text), or a Blob, with its headers. */
  answer(status: number, body: unknown, headers: Record<string, string> = {}): void {
    this.status = status;
    this.answerHeaders = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    if (body instanceof Blob) {
      this.response = body;
    } else {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      this.responseText = text;
      this.response =
        this.responseType === 'blob'
          ? new Blob([text], { type: this.answerHeaders['content-type'] ?? '' })
          : text;
    }
    this.dispatchEvent(new Event('load'));
  }

  /** The connection dropped: no answer. */
  fail(): void {
    this.dispatchEvent(new Event('error'));
  }

  /** No answer within `timeout`. */
  timeOut(): void {
    this.dispatchEvent(new Event('timeout'));
  }
}
