/**
 * A response body read only up to a limit: a hostile or broken server cannot make the reader
 * hold more than `limit` bytes (a lying or absent Content-Length included). Used where an
 * answer from elsewhere is read: the mock fetching a remote image, `cli verify --source`, and
 * the body of a source mock's token request.
 */

/**
 * The body when it has at most `limit` bytes; undefined as soon as it has more. A request's body
 * too (the mock's token URL reads one).
 */
export async function readWithin(
  response: Pick<Response, 'headers' | 'body'>,
  limit: number,
): Promise<Uint8Array | undefined> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.length;
  }
  return whole;
}
