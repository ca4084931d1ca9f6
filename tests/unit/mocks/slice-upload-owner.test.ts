// @vitest-environment node
/**
 * Issue 49 case 10: an unfinished chunked upload (/api/tool/uploadslice) belongs to the user who
 * started it. Another user who knows its id (resource_temp_basename) neither completes it (and
 * so receives the owner's bytes) nor cancels it; and one user's abandoned uploads never make
 * another user's chunk fail with 未完成的分片上传过多. Two administrators with the upload key:
 * admin, and 张伟 (zhangwei) once his role is given TOOL_UPLOAD.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, send, signIn, withMockServer } from './harness';

// 51 chunks of 5 MB pass through a real server: seconds on an idle machine, far more on a busy one.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

withMockServer();

interface ChunkAnswer {
  address?: string;
  resource_temp_basename?: string;
}

const CHUNK = 5120 * 1024;

let owner: string;
let other: string;
/** Uploads a test started, cancelled after it (pending uploads outlive the database reset). */
const started: { token: string; basename: string }[] = [];

beforeEach(async () => {
  owner = await signIn('admin');
  const granted = await call('POST', '/api/adminrole/saveroleauth', {
    token: owner,
    body: { roleid: 2, prilist: ['TOOL_UPLOAD'] },
  });
  expect(granted.status).toBe(200);
  other = await signIn('zhangwei');
});

afterEach(async () => {
  // A name never kept cancels the sender's pending upload of that id.
  for (const { token, basename } of started.splice(0))
    await sendChunk(token, { basename, index: 1, total: 1, content: '', name: 'cancel.html' });
  started.length = 0;
});

function sendChunk(
  token: string,
  fields: { basename: string; index: number; total: number; content: BlobPart; name?: string },
) {
  started.push({ token, basename: fields.basename });
  const form = new FormData();
  const name = fields.name ?? '报告.txt';
  form.append('resource_chunk', new Blob([fields.content]), name);
  form.append('chunk_total', String(fields.total));
  form.append('chunk_index', String(fields.index));
  form.append('resource_temp_basename', fields.basename);
  form.append('resource_temp_path', '');
  form.append('resource_type', name.slice(name.lastIndexOf('.') + 1));
  form.append('resource_name', name);
  form.append('accessToken', token);
  form.append('ac_id', '0');
  return call<ChunkAnswer | null>('POST', '/api/tool/uploadslice', { token, body: form });
}

async function servedText(address: string | undefined): Promise<string> {
  return (await send('GET', address ?? '/storage/mock/none')).text();
}

describe('a pending chunked upload belongs to its uploader', () => {
  it("another user's last chunk with the same id does not complete it, nor receive its bytes", async () => {
    const id = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    expect(
      (await sendChunk(owner, { basename: id, index: 1, total: 3, content: '甲一' })).status,
    ).toBe(1);
    expect(
      (await sendChunk(owner, { basename: id, index: 2, total: 3, content: '甲二' })).status,
    ).toBe(1);
    // 张伟 sends "the last chunk" of that id: it is a chunk of an upload of his own.
    const intruder = await sendChunk(other, { basename: id, index: 3, total: 3, content: '乙三' });
    expect(intruder).toMatchObject({ status: 1, msg: '分片上传成功' });
    expect(intruder.data?.address).toBeUndefined();
    const done = await sendChunk(owner, { basename: id, index: 3, total: 3, content: '甲三' });
    expect(done).toMatchObject({ status: 200, msg: '上传成功' });
    expect(await servedText(done.data?.address)).toBe('甲一甲二甲三');
  });

  it("another user's refused chunk with the same id does not cancel it", async () => {
    const id = 'ffeeddccbbaa99887766554433221100';
    expect(
      (await sendChunk(owner, { basename: id, index: 1, total: 2, content: '前半' })).status,
    ).toBe(1);
    // A name never kept is refused, and drops the pending upload of that id: his own only.
    expect(
      await sendChunk(other, { basename: id, index: 1, total: 2, content: 'x', name: 'x.html' }),
    ).toMatchObject({ status: 201 });
    const done = await sendChunk(owner, { basename: id, index: 2, total: 2, content: '后半' });
    expect(done).toMatchObject({ status: 200, msg: '上传成功' });
    expect(await servedText(done.data?.address)).toBe('前半后半');
  });
});

describe('the pending-upload quota is per user', () => {
  it("one user's 51 abandoned 5120 KB chunks block neither another user's chunk nor their own next upload", async () => {
    const chunk = new Uint8Array(CHUNK).fill(0x61);
    for (let abandoned = 0; abandoned < 51; abandoned += 1)
      expect(
        (
          await sendChunk(owner, {
            basename: `abandoned${abandoned}`,
            index: 1,
            total: 2,
            content: chunk,
          })
        ).status,
      ).toBe(1);
    const others = await sendChunk(other, {
      basename: 'zhang1',
      index: 1,
      total: 2,
      content: chunk,
    });
    expect(others).toMatchObject({ status: 1, msg: '分片上传成功' });
    const finished = await sendChunk(other, {
      basename: 'zhang1',
      index: 2,
      total: 2,
      content: 'end',
    });
    expect(finished).toMatchObject({ status: 200, msg: '上传成功' });
    // The one who abandoned them is not stuck for an hour either: their oldest make room.
    expect(
      (await sendChunk(owner, { basename: 'again', index: 1, total: 2, content: chunk })).status,
    ).toBe(1);
    expect(
      await sendChunk(owner, { basename: 'again', index: 2, total: 2, content: 'end' }),
    ).toMatchObject({ status: 200, msg: '上传成功' });
  });

  it('a file larger than one user may hold is refused at its first chunk, with the limit', async () => {
    const answer = await sendChunk(owner, {
      basename: 'huge',
      index: 1,
      total: 60,
      content: new Uint8Array(CHUNK),
    });
    expect(answer).toEqual({ status: 201, msg: '文件过大，大文件上传不能超过 256 MB', data: null });
  });
});
