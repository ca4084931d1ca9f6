// @vitest-environment node
/**
 * `cli mock-server --data-dir`: uploaded bytes are kept on disk, served again after the
 * server restarts, bounded by the data limit, and never reached by a path a request makes up.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskByteStore } from '@/mocks/disk-byte-store';
import { startMockServer, type RunningMockServer } from '@/mocks/http-server';
import { memoryByteStore, setByteStore } from '@/mocks/file-bytes';
import { resetMockDatabase } from '@/mocks/reset';
import { signInOverHttp } from '../support/http-mock';

interface Envelope<T = unknown> {
  status: number;
  msg: string;
  data: T;
}
interface Uploaded {
  address: string;
  att_id: number;
}

const KB = 1024;
const MB = 1024 * KB;
let root: string;
let dataDir: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'mock-storage-'));
  dataDir = path.join(root, 'data');
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function upload(
  server: RunningMockServer,
  token: string,
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
  type = 'application/octet-stream',
): Promise<Envelope<Uploaded>> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  const answer = await fetch(`${server.url}/api/tool/uploadfile/`, {
    method: 'POST',
    headers: { 'access-token': token },
    body: form,
  });
  return (await answer.json()) as Envelope<Uploaded>;
}

function bytesOf(size: number, seed: number): Uint8Array<ArrayBuffer> {
  return Uint8Array.from({ length: size }, (_, index) => (index * seed) % 256);
}

/** Patterned bytes behind a signature: the mock keeps a file only when its bytes are what its name says. */
function signed(signature: readonly number[], size: number, seed: number): Uint8Array<ArrayBuffer> {
  const bytes = bytesOf(size, seed);
  bytes.set(signature);
  return bytes;
}
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ZIP_SIGNATURE = [0x50, 0x4b, 3, 4];
const zipOf = (size: number, seed: number) => signed(ZIP_SIGNATURE, size, seed);

/** A server on the data folder, from fresh in-memory tables (what a restart gives). */
async function start(dataLimit?: number): Promise<RunningMockServer> {
  // A new process: the tables start from their seeds; the reset must not reach the folder.
  setByteStore(memoryByteStore());
  resetMockDatabase();
  return startMockServer({ port: 0, host: '127.0.0.1', dataDir, dataLimit });
}

describe('mock-server file storage on disk', () => {
  it('serves uploaded files again after a restart and hands out fresh ids', async () => {
    const png = signed(PNG_SIGNATURE, 3000, 7);
    let server = await start();
    const first = await upload(
      server,
      await signInOverHttp(server.url),
      png,
      '../../logo.png',
      'image/png',
    );
    expect(first.status).toBe(200);
    expect(first.data.address).toMatch(/^\/storage\/mock\/\d+$/);
    await server.close();

    server = await start();
    try {
      const served = await fetch(`${server.url}${first.data.address}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);

      const second = await upload(server, await signInOverHttp(server.url), zipOf(500, 3), 'b.zip');
      expect(second.data.address).not.toBe(first.data.address);
      const again = await fetch(`${server.url}${first.data.address}`);
      expect(new Uint8Array(await again.arrayBuffer())).toEqual(png);
    } finally {
      await server.close();
    }
    // On disk: ids only, never the uploaded name.
    const names = await readdir(path.join(dataDir, 'files'));
    expect(names.every((name) => /^\d+(\.json)?$/.test(name))).toBe(true);
  });

  it('never serves a path a request makes up', async () => {
    const server = await start();
    try {
      for (const address of [
        '/storage/mock/..%2F..%2F..%2Fpackage.json',
        '/storage/mock/1.json',
        '/storage/mock/0',
        '/storage/mock/-1',
        '/storage/mock/0x1',
        '/storage/mock/1e3',
        '/storage/mock/99999999999999999999',
        '/storage/mock/%2e%2e',
      ]) {
        const answer = await fetch(`${server.url}${address}`);
        expect([address, answer.status]).toEqual([address, 404]);
      }
    } finally {
      await server.close();
    }
    const store = await diskByteStore(dataDir);
    await expect(store.get(-1)).resolves.toBeUndefined();
    await expect(store.put(0, { bytes: new Uint8Array(1), mime: 'x' })).rejects.toThrow();
    await expect(store.put(Number.NaN, { bytes: new Uint8Array(1), mime: 'x' })).rejects.toThrow();
  });

  it('refuses an upload that would pass the data limit, counting what is already on disk', async () => {
    await rm(dataDir, { recursive: true, force: true });
    let server = await start(1 * MB);
    const token = await signInOverHttp(server.url);
    expect((await upload(server, token, zipOf(600 * KB, 5), 'a.zip')).status).toBe(200);
    expect(await upload(server, token, zipOf(600 * KB, 11), 'b.zip')).toEqual({
      status: 201,
      msg: '存储空间已满（上限 1 MB），请删除不用的附件后重试',
      data: null,
    });
    await server.close();

    // After a restart the files on disk still count.
    server = await start(1 * MB);
    try {
      const answer = await upload(
        server,
        await signInOverHttp(server.url),
        zipOf(600 * KB, 13),
        'c.zip',
      );
      expect(answer.status).toBe(201);
      expect(
        (await upload(server, await signInOverHttp(server.url), zipOf(100 * KB, 2), 'd.zip'))
          .status,
      ).toBe(200);
    } finally {
      await server.close();
    }
  });
});
