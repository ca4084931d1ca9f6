// @vitest-environment node
/**
 * The mock backend's cloud storage, as ali-oss and an API client see it: the real ali-oss
 * client (its Node build) completes a multipart upload against `cli mock-server` in 1 MB
 * parts and reads the object back through a signed address; the protocol's answers (XML,
 * ETag, x-oss-request-id) and its refusals (no credential, a wrong part list, an oversized
 * part, a key that climbs out, an expired signed address, an upload left unfinished).
 */
import OSS from 'ali-oss';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientOptions, CLOUD_PARALLEL, CLOUD_PART_SIZE, signedAddress } from '@/lib/upload-cloud';
import { startMockServer, type RunningMockServer } from '@/mocks/http-server';
import { resetMockDatabase } from '@/mocks/reset';

interface Credentials {
  region: string;
  accessKeyId: string;
  accessKeySecret: string;
  securityToken: string;
  bucket: string;
  img_path: string;
  endpoint?: string;
}

const MB = 1024 * 1024;
let server: RunningMockServer;
let token: string;

async function api<T>(path: string, body: unknown = {}, headers: Record<string, string> = {}) {
  const answer = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return (await answer.json()) as { status: number; msg: string; data: T };
}

async function credentials(): Promise<Credentials> {
  const answer = await api<Credentials>('/api/tool/getaliyunoss', {}, { 'access-token': token });
  expect(answer.status).toBe(200);
  return answer.data;
}

function patterned(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let index = 0; index < size; index += 1) bytes[index] = (index * 7 + (index >> 12)) % 256;
  return bytes;
}

/** Patterned bytes behind a ZIP signature: the mock keeps an object only when its bytes are what its name says. */
function zipped(size: number): Uint8Array<ArrayBuffer> {
  const bytes = patterned(size);
  bytes.set([0x50, 0x4b, 3, 4]);
  return bytes;
}

/** A client for the credential, and its signed address of a key (the app's own helpers). */
function clientFor(creds: Credentials) {
  const options = clientOptions(creds);
  const client = new OSS({ ...options, timeout: 20000 } as OSS.Options);
  return {
    client,
    sign: (key: string, expires = 600) => signedAddress(OSS, client, options, key, expires),
  };
}

/** A raw OSS call with the credential's key id and token in the headers ali-oss sends. */
function oss(path: string, init: RequestInit & { creds?: Credentials } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.creds) {
    headers.set('authorization', `OSS ${init.creds.accessKeyId}:signature`);
    headers.set('x-oss-security-token', init.creds.securityToken);
  }
  return fetch(`${server.url}/oss-mock/${path}`, { ...init, headers });
}

async function initiate(creds: Credentials, key: string): Promise<string> {
  const answer = await oss(`${key}?uploads`, { method: 'POST', creds });
  expect(answer.status).toBe(200);
  const uploadId = /<UploadId>(\w+)<\/UploadId>/.exec(await answer.text())?.[1];
  if (!uploadId) throw new Error('no UploadId');
  return uploadId;
}

async function errorCode(answer: Response): Promise<string | undefined> {
  return /<Code>(\w+)<\/Code>/.exec(await answer.text())?.[1];
}

beforeAll(async () => {
  resetMockDatabase();
  server = await startMockServer({ port: 0, host: '127.0.0.1' });
  const captcha = await fetch(`${server.url}/api/captcha`);
  const { data } = (await captcha.json()) as { data: { captcha_key: string } };
  const login = await api<{ token: string }>('/api/login', {
    username: 'admin',
    password: 'Admin@123456',
    captcha: '8888',
    captcha_key: data.captcha_key,
  });
  token = login.data.token;
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

describe('cloud storage emulated by the mock backend', () => {
  it('ali-oss uploads 2.5 MB in 1 MB parts and reads it back through a signed address', async () => {
    const creds = await credentials();
    expect(creds).toMatchObject({ bucket: 'oss-mock', endpoint: server.url });
    const { client, sign } = clientFor(creds);
    const bytes = Buffer.from(zipped(2.5 * MB));
    const key = `${creds.img_path}report.zip`;
    const progress: number[] = [];

    const result = await client.multipartUpload(key, bytes, {
      partSize: CLOUD_PART_SIZE,
      parallel: CLOUD_PARALLEL,
      mime: 'application/zip',
      progress: (fraction: number) => void progress.push(fraction),
    });

    expect(result.res.status).toBe(200);
    expect(result.etag).toMatch(/^"[0-9A-F]{16}-3"$/);
    // Initiate (0), three parts, complete (1).
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toHaveLength(5);

    const address = sign(key);
    expect(address.startsWith(`${server.url}/oss-mock/${key}?`)).toBe(true);
    const served = await fetch(address);
    expect(served.status).toBe(200);
    expect(served.headers.get('x-oss-request-id')).toMatch(/^[0-9A-F]{24}$/);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('a small file goes in one PUT and is served with its type', async () => {
    const creds = await credentials();
    const { client, sign } = clientFor(creds);
    const key = `${creds.img_path}tiny.txt`;
    await client.multipartUpload(key, Buffer.from('你好，云存储'), { mime: 'text/plain' });
    const served = await fetch(sign(key));
    expect(served.headers.get('content-type')).toBe('text/plain');
    expect(await served.text()).toBe('你好，云存储');
  });

  it('refuses calls without a live credential, and reads without a valid signed address', async () => {
    const creds = await credentials();
    const unsigned = await oss('uploads/a.bin?uploads', { method: 'POST' });
    expect(unsigned.status).toBe(403);
    expect(unsigned.headers.get('content-type')).toBe('application/xml');
    expect(await errorCode(unsigned)).toBe('AccessDenied');
    const forged = await oss('uploads/a.bin?uploads', {
      method: 'POST',
      creds: { ...creds, securityToken: 'CAIS.mock.forged' },
    });
    expect(forged.status).toBe(403);

    const { client, sign } = clientFor(creds);
    const key = `${creds.img_path}secret.txt`;
    await client.put(key, Buffer.from('机密'));
    expect((await oss(key)).status).toBe(403);
    const expired = new URL(sign(key, 60));
    expired.searchParams.set('Expires', String(Math.floor(Date.now() / 1000) - 1));
    expect((await fetch(expired)).status).toBe(403);
    expect(await (await fetch(sign(key))).text()).toBe('机密');
  });

  it('completes only with the parts it holds, under their ETags, in order', async () => {
    const creds = await credentials();
    const uploadId = await initiate(creds, 'uploads/parts.zip');
    const part = await oss(`uploads/parts.zip?partNumber=1&uploadId=${uploadId}`, {
      method: 'PUT',
      creds,
      body: zipped(200 * 1024),
    });
    expect(part.status).toBe(200);
    const etag = part.headers.get('etag');
    expect(etag).toMatch(/^"[0-9A-F]{16}"$/);

    const list = (number: number, tag: string) =>
      `<CompleteMultipartUpload><Part><PartNumber>${number}</PartNumber><ETag>${tag}</ETag></Part></CompleteMultipartUpload>`;
    const complete = (body: string) =>
      oss(`uploads/parts.zip?uploadId=${uploadId}`, { method: 'POST', creds, body });
    const wrongTag = await complete(list(1, '"0000000000000000"'));
    expect([wrongTag.status, await errorCode(wrongTag)]).toEqual([400, 'InvalidPart']);
    const missing = await complete(list(2, etag ?? ''));
    expect([missing.status, await errorCode(missing)]).toEqual([400, 'InvalidPart']);

    const done = await complete(list(1, etag ?? ''));
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('<Key>uploads/parts.zip</Key>');
    // The upload is finished: it cannot be completed twice.
    const again = await complete(list(1, etag ?? ''));
    expect([again.status, await errorCode(again)]).toEqual([404, 'NoSuchUpload']);
  });

  it('refuses a part over 5 MB and a key that climbs out of the bucket', async () => {
    const creds = await credentials();
    const uploadId = await initiate(creds, 'uploads/big.bin');
    const big = await oss(`uploads/big.bin?partNumber=1&uploadId=${uploadId}`, {
      method: 'PUT',
      creds,
      body: patterned(5 * MB + 1),
    });
    expect([big.status, await errorCode(big)]).toEqual([400, 'EntityTooLarge']);

    for (const path of ['uploads/..%2F..%2Fpackage.json', '..%2Fescape', 'a%2F.%2Fb', 'a%5Cb']) {
      const climbing = await oss(`${path}?uploads`, { method: 'POST', creds });
      expect([path, climbing.status]).toEqual([path, 400]);
    }
  });

  it('an unfinished upload expires after an hour', async () => {
    const creds = await credentials();
    const uploadId = await initiate(creds, 'uploads/late.bin');
    const later = Date.now() + 61 * 60 * 1000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    const fresh = await credentials();
    const part = await oss(`uploads/late.bin?partNumber=1&uploadId=${uploadId}`, {
      method: 'PUT',
      creds: fresh,
      body: patterned(1024),
    });
    expect([part.status, await errorCode(part)]).toEqual([404, 'NoSuchUpload']);
  });
});
