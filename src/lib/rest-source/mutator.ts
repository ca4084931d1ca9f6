/**
 * orval's mutator for an imported source's typed hooks and functions
 * (generated/sources/<name>/api/, for screens of one's own): the same transport as the CRUD
 * adapter — the source's base, its credential, failures shown in Chinese — answering with the
 * body as the document types it. orval writes each call's URL under the source's base path
 * (`/sources/petstore/pet/{petId}`), which names the source.
 */
import { SOURCES } from '@generated/sources';
import type { RestMethod } from '@/core/rest-source';
import { ApiError, type Envelope, type RequestConfig } from '@/lib/request';
import { restSourceMessages as t } from '@/locale/rest-source';
// Through the alias, not './transport': orval bundles this file with esbuild to read its
// signature and leaves aliased imports out, so the transport's import.meta (Vite's env) is
// never compiled for Node and `generate` prints no warning.
import { sendRest } from '@/lib/rest-source/transport';

const METHODS: readonly RestMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function methodOf(method: string): RestMethod | undefined {
  return METHODS.find((known) => known === method.toUpperCase());
}

/** A JSON media type orval names for the body; other bodies (files, forms) label themselves. */
function contentTypeOf(headers: Record<string, string> | undefined): string | undefined {
  const found = Object.entries(headers ?? {}).find(
    ([name]) => name.toLowerCase() === 'content-type',
  );
  return found && /[/+]json$/i.test(found[1]) ? found[1] : undefined;
}

export async function request<T>(config: RequestConfig): Promise<T> {
  const source = SOURCES.find(
    (candidate) =>
      config.url === candidate.basePath || config.url.startsWith(`${candidate.basePath}/`),
  );
  const method = methodOf(config.method);
  if (!source || !method)
    throw new ApiError<Envelope>(t.unknownSource(config.url), undefined, 0, 'parse');
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(config.params ?? {}))
    if (value !== undefined && value !== null)
      for (const item of Array.isArray(value) ? value : [value])
        query.append(name, typeof item === 'string' ? item : JSON.stringify(item));
  const answer = await sendRest(source, {
    method,
    path: config.url.slice(source.basePath.length),
    query,
    body: config.data,
    // orval names the body's declared media type (application/merge-patch+json) in its headers.
    contentType: contentTypeOf(config.headers),
    signal: config.signal,
  });
  // The document's type for the answer: orval's mutators take the server at its word.
  return answer.json?.value as T;
}
