// @vitest-environment node
/** Uploads keep the file and serve it back; chunked uploads assemble; the editor's server side. */
import { describe, expect, it } from 'vitest';
import { call, send, signIn, withMockServer } from './harness';

withMockServer();

interface Uploaded {
  address: string;
  att_id: number;
  original_name: string;
}

function form(fields: Record<string, string | Blob>, fileName = 'file.bin'): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Blob) data.append(key, value, fileName);
    else data.append(key, value);
  }
  return data;
}

describe('uploads', () => {
  it.each(['/api/tool/uploadimg/', '/api/tool/uploadfile/', '/api/tool/uploadmedia'])(
    '%s keeps the bytes, serves them at the answered address and files an attachment',
    async (path) => {
      const token = await signIn();
      const bytes = new Uint8Array([137, 80, 78, 71, 1, 2, 3, 250]);
      const answer = await call<Uploaded>('POST', path, {
        token,
        body: form(
          {
            file: new Blob([bytes], { type: 'image/png' }),
            type: 'image',
            attachment_cate_id: '2',
          },
          'logo.png',
        ),
      });
      expect(answer).toMatchObject({ status: 200, data: { original_name: 'logo.png' } });
      expect(answer.data.address).toMatch(/^\/storage\/mock\/\d+$/);
      const served = await send('GET', answer.data.address);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
      const library = await call<{ data: Record<string, unknown>[] }>(
        'GET',
        '/api/attachment/list',
        { token, query: { cate_id: 2 } },
      );
      expect(library.data.data[0]).toMatchObject({
        att_id: answer.data.att_id,
        att_title: 'logo.png',
        att_url: answer.data.address,
        type: 2,
        attachment_cate_id: 2,
      });
    },
  );

  it('deleting the last attachment of an upload frees its bytes; a shared file stays', async () => {
    const token = await signIn();
    const upload = (name: string) =>
      call<Uploaded>('POST', '/api/tool/uploadfile/', {
        token,
        body: form({ file: new Blob([new Uint8Array([1, 2, 3])], { type: 'text/plain' }) }, name),
      });
    const only = await upload('only.txt');
    const shared = await upload('shared.txt');
    // A second attachment pointing at the same address (a network attachment of it).
    const copy = await call<{ att_id: number }>('POST', '/api/attachment/add', {
      token,
      body: { att_title: '副本', att_url: shared.data.address, att_storage: 5 },
    });
    expect(copy.status).toBe(200);
    const deleted = await call('POST', '/api/attachment/delete', {
      token,
      body: [only.data.att_id, shared.data.att_id],
    });
    expect(deleted).toMatchObject({ status: 200, msg: '删除成功' });
    expect((await send('GET', only.data.address)).status).toBe(404);
    expect((await send('GET', shared.data.address)).status).toBe(200);
  });

  it('files uploaded at the same moment each keep their own address and bytes', async () => {
    const token = await signIn();
    const files = [1, 2, 3, 4].map((n) => new Uint8Array([137, 80, 78, 71, n, n, n]));
    const answers = await Promise.all(
      files.map((bytes, index) =>
        call<Uploaded>('POST', '/api/tool/uploadimg/', {
          token,
          body: form({ file: new Blob([bytes], { type: 'image/png' }) }, `p${index}.png`),
        }),
      ),
    );
    const addresses = answers.map((answer) => answer.data.address);
    expect(new Set(addresses).size).toBe(4);
    for (const [index, address] of addresses.entries()) {
      const served = await send('GET', address);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(files[index]);
    }
  });

  it('an upload without a file is refused', async () => {
    const token = await signIn();
    expect(
      await call('POST', '/api/tool/uploadimg/', { token, body: form({ type: 'image' }) }),
    ).toMatchObject({ status: 201, msg: '请选择要上传的文件' });
  });

  it('uploadslice accepts chunks with status 1 and completes with status 200 and the assembled file', async () => {
    const token = await signIn();
    const parts = ['第一块', '第二块', '末块'];
    const answers = [];
    // Chunks may arrive out of order; the server assembles by chunk_index.
    for (const index of [2, 1, 3]) {
      answers.push(
        await call<Uploaded & { resource_temp_path: string }>('POST', '/api/tool/uploadslice', {
          token,
          body: form({
            resource_chunk: new Blob([parts[index - 1] ?? '']),
            chunk_total: '3',
            chunk_index: String(index),
            resource_temp_basename: 'abc123',
            resource_temp_path: '',
            resource_type: 'txt',
            resource_name: '说明.txt',
            accessToken: token,
            ac_id: '4',
          }),
        }),
      );
    }
    expect(answers.map((answer) => answer.status)).toEqual([1, 1, 200]);
    const done = answers[2]?.data;
    expect(done).toMatchObject({ original_name: '说明.txt' });
    const served = await send('GET', done?.address ?? '');
    expect(await served.text()).toBe('第一块第二块末块');
  });

  it('getaliyunoss answers a complete (fake) credential naming the mock as the endpoint', async () => {
    const token = await signIn();
    const answer = await call<Record<string, string>>('POST', '/api/tool/getaliyunoss', { token });
    expect(Object.keys(answer.data).sort()).toEqual([
      'accessKeyId',
      'accessKeySecret',
      'bucket',
      'endpoint',
      'img_path',
      'region',
      'securityToken',
    ]);
    expect(Object.values(answer.data).every((value) => value.length > 0)).toBe(true);
  });

  it('inportfile keeps the document and answers its address', async () => {
    const token = await signIn();
    const answer = await call<{ address: string; content: string }>(
      'POST',
      '/api/tool/inportfile/',
      {
        token,
        body: form({ file: new Blob(['docx']) }, '年度报告.docx'),
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.data.content).toContain('年度报告.docx');
    expect(await (await send('GET', answer.data.address)).text()).toBe('docx');
  });
});

describe('editor server (/ueditor/ue)', () => {
  it('config answers JSON, or JSONP with a callback', async () => {
    const jsonp = await send('GET', '/ueditor/ue', {
      query: { action: 'config', callback: 'cb_1' },
    });
    expect(jsonp.headers.get('content-type')).toContain('javascript');
    expect(await jsonp.text()).toMatch(/^cb_1\(\{"imageActionName":"uploadimage"/);
  });

  it('uploads answer state SUCCESS with url, title and original; remote images are listed', async () => {
    const token = await signIn();
    const upload = await call<never>(
      'POST',
      `/ueditor/ue?action=uploadimage&access-token=${token}`,
      {
        body: form(
          { upfile: new Blob(['img'], { type: 'image/jpeg' }), type: 'ajax' },
          'photo.jpg',
        ),
      },
    );
    expect(upload).toMatchObject({ state: 'SUCCESS', title: 'photo.jpg', original: 'photo.jpg' });
    const catcher = await call<never>('POST', '/ueditor/ue?action=catchimage', {
      token,
      body: form({ 'source[]': 'https://example.com/a.png' }),
    });
    expect(catcher).toEqual({
      state: 'SUCCESS',
      list: [
        { source: 'https://example.com/a.png', state: 'SUCCESS', url: 'https://example.com/a.png' },
      ],
    });
    const unknown = await call<never>('POST', '/ueditor/ue?action=nope', { token });
    expect(unknown).toEqual({ state: '请求地址出错' });
  });
});
