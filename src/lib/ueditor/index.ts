/**
 * The editor's server calls (spec section 7 "Editor-internal calls", server path /ueditor/ue):
 * - `loadUeditorConfig` — GET ?action=config; a failure is only logged (spec section 8) and the
 *   defaults come back, which carry no upload actions, so uploads then say the configuration is
 *   missing;
 * - `uploadToUeditor` — one multipart POST of the file under the configured field name plus
 *   `type=ajax`, with the ajax header; the answer's `state` is 'SUCCESS' or the error text;
 * - `catchRemoteImages` — the foreign image addresses of a document in one form POST
 *   (`source[]`), own addresses skipped, 60 s timeout;
 * - `checkUeditorFile` — the client-side checks of spec section 5 (size, extension, action).
 *
 * These answers are UEditor's `{ state, … }`, not the `{ status, msg, data }` envelope, so the
 * calls use the request layer's URL and headers (`buildUrl`, `authHeaders`) with their own fetch.
 * Cross-domain JSONP is not used: the editor's server is the site's own. Errors are shown for
 * 4 s (spec section 8) unless `quiet`, and returned either way.
 */
import { notify } from '@/lib/notify';
import { authHeaders } from '@/lib/request';
import { buildUrl } from '@/lib/request/client';
import { fileNameOf } from '@/lib/request/file-name';
import { expireLogin } from '@/lib/request/status';
import { EDITOR_LIMITS } from '@/core/editor-limits';
import { editorErrors } from '@/locale/editor';
import { textOf } from '@/core/guards';

export const UEDITOR_URL = '/ueditor/ue';
export const UEDITOR_SUCCESS = 'SUCCESS';

export type UeditorUploadKind = 'image' | 'file' | 'video';

/** The configuration fields the client reads (the server sends more). */
export interface UeditorConfig {
  imageActionName?: string;
  imageFieldName?: string;
  imageMaxSize?: number;
  imageAllowFiles?: string[];
  imageUrlPrefix?: string;
  fileActionName?: string;
  fileFieldName?: string;
  fileMaxSize?: number;
  fileAllowFiles?: string[];
  fileUrlPrefix?: string;
  videoActionName?: string;
  videoFieldName?: string;
  videoMaxSize?: number;
  videoAllowFiles?: string[];
  videoUrlPrefix?: string;
  catcherActionName?: string;
  catcherFieldName?: string;
  catcherUrlPrefix?: string;
  /** Hosts whose images count as own (never captured). */
  catcherLocalDomain?: string[];
  [field: string]: unknown;
}

/** Without a loaded configuration: field names only, no actions (uploads are refused). */
export const DEFAULT_UEDITOR_CONFIG: Readonly<UeditorConfig> = {
  imageFieldName: 'upfile',
  fileFieldName: 'upfile',
  videoFieldName: 'upfile',
  catcherFieldName: 'source',
};

export interface UeditorCallOptions {
  /** The server path; /ueditor/ue by default. */
  url?: string;
  /** The loaded configuration; loaded (once) when not given. */
  config?: UeditorConfig;
  signal?: AbortSignal;
  /** Do not show the error; only return it. */
  quiet?: boolean;
}

/** Shows an editor error the way spec section 8 wants it: an error for 4 seconds. */
export function showEditorError(message: string): void {
  notify.error(message, EDITOR_LIMITS.uploadErrorShowMs);
}

async function headers(extra?: Record<string, string>): Promise<Record<string, string>> {
  return { Accept: 'application/json, */*', ...(await authHeaders()), ...extra };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** GET ?action=config. A failure is logged, never shown; the defaults come back. */
export async function loadUeditorConfig(
  options: Pick<UeditorCallOptions, 'url' | 'signal'> = {},
): Promise<UeditorConfig> {
  try {
    const response = await fetch(buildUrl(options.url ?? UEDITOR_URL, { action: 'config' }), {
      headers: await headers(),
      signal: options.signal,
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    // Some servers send the configuration with comments or as text/plain: read text, strip /* */.
    const text = (await response.text()).replace(/\/\*[\s\S]*?\*\//g, '');
    const parsed: unknown = JSON.parse(text);
    if (!isObject(parsed)) throw new Error('not an object');
    return { ...DEFAULT_UEDITOR_CONFIG, ...parsed };
  } catch (error) {
    console.error('editor configuration not loaded', error);
    return { ...DEFAULT_UEDITOR_CONFIG };
  }
}

const cached = new Map<string, Promise<UeditorConfig>>();

/** The configuration, loaded once per server path. */
export function getUeditorConfig(url = UEDITOR_URL): Promise<UeditorConfig> {
  let promise = cached.get(url);
  if (!promise) {
    promise = loadUeditorConfig({ url });
    cached.set(url, promise);
  }
  return promise;
}

/** Forgets the loaded configuration (tests, or after the server's configuration changed). */
export function resetUeditorConfig(): void {
  cached.clear();
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** The spec section 5 checks before an upload: the refusal message, or undefined. */
export function checkUeditorFile(
  file: { name: string; size: number },
  kind: UeditorUploadKind,
  config: UeditorConfig,
): string | undefined {
  if (!config[`${kind}ActionName`]) return editorErrors.missingConfig;
  const allowed = config[`${kind}AllowFiles`];
  if (Array.isArray(allowed) && allowed.length > 0) {
    const list = allowed.map((entry) => String(entry).toLowerCase());
    if (!list.includes(extensionOf(file.name))) return editorErrors.wrongType;
  }
  const max = config[`${kind}MaxSize`];
  if (typeof max === 'number' && max > 0 && file.size > max) return editorErrors.tooLarge;
  return undefined;
}

export type UeditorUploadResult =
  | {
      ok: true;
      /** The address to insert (with the configured prefix). */
      url: string;
      title: string;
      original: string;
      size?: number;
      type?: string;
    }
  | { ok: false; message: string };

function failure(message: string, quiet: boolean | undefined): { ok: false; message: string } {
  if (!quiet) showEditorError(message);
  return { ok: false, message };
}

/** Reads a UEditor answer; 401 ends the session as every call does. */
async function readAnswer(response: Response): Promise<Record<string, unknown> | string> {
  if (response.status === 401) {
    expireLogin();
    return editorErrors.loadError;
  }
  if (!response.ok) return editorErrors.loadError;
  try {
    const parsed: unknown = await response.json();
    return isObject(parsed) ? parsed : editorErrors.badAnswer;
  } catch {
    return editorErrors.badAnswer;
  }
}

/** Multipart upload of one file (image, attachment or video) to the configured action. */
export async function uploadToUeditor(
  file: Blob,
  kind: UeditorUploadKind,
  options: UeditorCallOptions & { fileName?: string } = {},
): Promise<UeditorUploadResult> {
  const config = options.config ?? (await getUeditorConfig(options.url));
  const name = options.fileName ?? fileNameOf(file, kind === 'image' ? 'image.png' : 'file');
  const refused = checkUeditorFile({ name, size: file.size }, kind, config);
  if (refused) return failure(refused, options.quiet);

  const form = new FormData();
  form.append(config[`${kind}FieldName`] || 'upfile', file, name);
  form.append('type', 'ajax');
  let response: Response;
  try {
    response = await fetch(
      buildUrl(options.url ?? UEDITOR_URL, { action: config[`${kind}ActionName`] }),
      {
        method: 'POST',
        headers: await headers({ 'X-Requested-With': 'XMLHttpRequest' }),
        body: form,
        signal: options.signal,
      },
    );
  } catch {
    return failure(editorErrors.loadError, options.quiet);
  }
  const answer = await readAnswer(response);
  if (typeof answer === 'string') return failure(answer, options.quiet);
  const state = typeof answer.state === 'string' ? answer.state : '';
  if (state !== UEDITOR_SUCCESS || typeof answer.url !== 'string')
    return failure(state || editorErrors.loadError, options.quiet);
  const prefix = config[`${kind}UrlPrefix`] ?? '';
  const result: UeditorUploadResult = {
    ok: true,
    url: `${prefix}${answer.url}`,
    title: typeof answer.title === 'string' ? answer.title : name,
    original: typeof answer.original === 'string' ? answer.original : name,
  };
  if (typeof answer.size === 'number') result.size = answer.size;
  if (typeof answer.type === 'string') result.type = answer.type;
  return result;
}

function pageOrigin(): string | undefined {
  return typeof location === 'undefined' ? undefined : location.origin;
}

/**
 * Addresses the capture would fetch: absolute http(s) addresses of another origin and not of a
 * local domain from the configuration, once each. Relative, own-origin and data: addresses stay.
 */
export function foreignImageUrls(
  urls: readonly string[],
  config: Pick<UeditorConfig, 'catcherLocalDomain'> = {},
  origin = pageOrigin(),
): string[] {
  const local = new Set((config.catcherLocalDomain ?? []).map((host) => host.toLowerCase()));
  const out: string[] = [];
  for (const raw of urls) {
    let url: URL;
    try {
      url = new URL(raw.trim().startsWith('//') ? `https:${raw.trim()}` : raw.trim());
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    if (url.origin === origin || local.has(url.hostname.toLowerCase())) continue;
    if (!out.includes(raw)) out.push(raw);
  }
  return out;
}

export interface CapturedImage {
  source: string;
  state: string;
  /** The own address, when state is SUCCESS. */
  url?: string;
}

export type CatchResult =
  | {
      ok: true;
      list: CapturedImage[];
      /** foreign address → own address, for the captured ones. */
      replacements: Map<string, string>;
    }
  | { ok: false; message: string };

/**
 * The absolute address the server is asked to fetch: a protocol-relative one (`//host/a.png`)
 * takes this page's scheme, as the browser would have loaded it (a server cannot resolve it).
 */
function absoluteSource(raw: string): string {
  try {
    return new URL(raw.trim(), globalThis.location?.href ?? 'https://page.invalid/').href;
  } catch {
    return raw;
  }
}

/**
 * Remote image capture: the foreign addresses among `urls` go to the catcher action in one
 * batch (as absolute addresses); 60 s at most (spec section 7). Nothing foreign: no call, an
 * empty result. `replacements` is keyed by the addresses as given.
 */
export async function catchRemoteImages(
  urls: readonly string[],
  options: UeditorCallOptions & { timeoutMs?: number; origin?: string } = {},
): Promise<CatchResult> {
  const config = options.config ?? (await getUeditorConfig(options.url));
  const sources = foreignImageUrls(urls, config, options.origin ?? pageOrigin());
  if (sources.length === 0) return { ok: true, list: [], replacements: new Map() };
  const action = config['catcherActionName'];
  if (!action) return failure(editorErrors.missingConfig, options.quiet);

  // Sent address → the addresses as given that stand for it (`//a/x` and `https://a/x`).
  const given = new Map<string, string[]>();
  for (const source of sources) {
    const absolute = absoluteSource(source);
    given.set(absolute, [...(given.get(absolute) ?? []), source]);
  }
  const body = new URLSearchParams();
  const fieldName = config['catcherFieldName'] || 'source';
  for (const source of given.keys()) body.append(`${fieldName}[]`, source);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? EDITOR_LIMITS.remoteCaptureTimeoutMs);
  const forward = () => controller.abort();
  options.signal?.addEventListener('abort', forward, { once: true });
  let answer: Record<string, unknown> | string;
  try {
    const response = await fetch(buildUrl(options.url ?? UEDITOR_URL, { action }), {
      method: 'POST',
      headers: await headers({
        'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
        'X-Requested-With': 'XMLHttpRequest',
      }),
      body,
      signal: controller.signal,
    });
    answer = await readAnswer(response);
  } catch {
    answer = timedOut ? editorErrors.catchTimeout : editorErrors.catchRemoteError;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forward);
  }
  if (typeof answer === 'string') return failure(answer, options.quiet);
  const state = typeof answer.state === 'string' ? answer.state : '';
  if (state !== UEDITOR_SUCCESS)
    return failure(state || editorErrors.catchRemoteError, options.quiet);
  const prefix = config['catcherUrlPrefix'] ?? '';
  const list: CapturedImage[] = (Array.isArray(answer.list) ? answer.list : [])
    .filter(isObject)
    .map((entry) => {
      const captured: CapturedImage = {
        source: textOf(entry.source),
        state: textOf(entry.state),
      };
      if (captured.state === UEDITOR_SUCCESS && typeof entry.url === 'string')
        captured.url = `${prefix}${entry.url}`;
      return captured;
    });
  const replacements = new Map<string, string>();
  for (const entry of list) {
    if (!entry.url) continue;
    replacements.set(entry.source, entry.url);
    for (const source of given.get(entry.source) ?? []) replacements.set(source, entry.url);
  }
  return { ok: true, list, replacements };
}
