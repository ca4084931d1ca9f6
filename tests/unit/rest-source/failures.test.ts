/**
 * What the user sees when a source call fails: one Chinese toast with the server's detail as
 * plain text (never its HTML), and an ApiError of the right kind for the blocks.
 */
import { describe, expect, it } from 'vitest';
import { http, HttpResponse, delay } from 'msw';
import { ApiError, configureRequest } from '@/lib/request';
import { restModule } from '@/lib/rest-source';
import {
  BASE,
  errorTexts,
  petstore,
  rejectionOf,
  server,
  setupSourceServer,
  type Pet,
} from './harness';

setupSourceServer();

const api = restModule<Pet>(
  petstore,
  {
    list: {
      method: 'GET',
      path: '/pets',
      pagination: { style: 'none' },
      total: { in: 'client' },
      filters: [],
    },
    add: { method: 'POST', path: '/pet' },
    info: { method: 'GET', path: '/pet/{petId}', idParam: 'petId' },
  },
  'id',
).api;

const add = () => rejectionOf(api.add?.({ name: '' }) ?? Promise.resolve());
const answerAdd = (response: () => Response | Promise<Response>) =>
  server.use(http.post(`${BASE}/pet`, response));

describe('HTTP errors', () => {
  it('422 problem+json: the detail and the field errors, in Chinese', async () => {
    answerAdd(() =>
      HttpResponse.json(
        {
          type: 'about:blank',
          title: 'Unprocessable Entity',
          status: 422,
          detail: '宠物数据不完整',
          errors: [{ pointer: '/name', detail: '不能为空' }],
        },
        { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
      ),
    );
    const error = await add();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 422,
      message: '提交的数据有误：宠物数据不完整；name：不能为空',
    });
    expect(errorTexts()).toEqual(['提交的数据有误：宠物数据不完整；name：不能为空']);
  });

  it('an item whose message already names its field is not prefixed with it again', async () => {
    answerAdd(() =>
      HttpResponse.json(
        { errors: [{ field: 'dates.1', message: 'dates.1 must be a valid date' }] },
        { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
      ),
    );
    expect(await add()).toMatchObject({ message: '提交的数据有误：dates.1 must be a valid date' });
  });

  it('400 with a field → messages object', async () => {
    answerAdd(() => HttpResponse.json({ errors: { name: ['必填', '太短'] } }, { status: 400 }));
    expect(await add()).toMatchObject({ message: '提交的数据有误：name：必填，太短' });
  });

  it('400 with only a message; a title alone when nothing says more', async () => {
    answerAdd(() => HttpResponse.json({ message: 'Invalid input' }, { status: 400 }));
    expect(await add()).toMatchObject({ message: '提交的数据有误：Invalid input' });
    answerAdd(() => HttpResponse.json({ title: 'Bad Request' }, { status: 400 }));
    expect(await add()).toMatchObject({ message: '提交的数据有误：Bad Request' });
  });

  it('500 with an HTML page: the message without any of its HTML', async () => {
    answerAdd(() =>
      HttpResponse.html(
        '<html><body><h1>Internal Server Error</h1><script>x()</script></body></html>',
        {
          status: 500,
        },
      ),
    );
    expect(await add()).toMatchObject({ kind: 'http', status: 500 });
    expect(errorTexts()).toEqual(['「宠物商店」服务器出错，请稍后重试']);
  });

  it('a long plain-text detail is cut at 200 characters', async () => {
    answerAdd(() => HttpResponse.text('错'.repeat(500), { status: 503 }));
    await add();
    expect(errorTexts()).toEqual([`「宠物商店」服务器出错：${'错'.repeat(199)}…`]);
  });

  it.each([
    [403, { detail: 'admin only' }, '没有「宠物商店」的操作权限：admin only'],
    [404, { detail: 'Pet not found' }, '记录不存在'],
    [409, { detail: 'name taken' }, '数据冲突：name taken'],
    [418, {}, '请求失败（HTTP 418）'],
  ])('%i → %o shows the Chinese message', async (status, body, message) => {
    answerAdd(() => HttpResponse.json(body, { status }));
    expect(await add()).toMatchObject({ kind: 'http', status, message });
    expect(errorTexts()).toEqual([message]);
  });
});

describe('no answer, or not one the call can read', () => {
  it('a network failure', async () => {
    answerAdd(() => HttpResponse.error());
    expect(await add()).toMatchObject({ kind: 'network', status: 0 });
    expect(errorTexts()).toEqual(['无法连接「宠物商店」，请检查网络后重试']);
  });

  it('no answer within the configured timeout', async () => {
    configureRequest({ timeoutMs: 50 });
    answerAdd(async () => {
      await delay('infinite');
      return HttpResponse.json({});
    });
    expect(await add()).toMatchObject({ kind: 'timeout' });
    expect(errorTexts()).toEqual(['「宠物商店」响应超时，请稍后重试']);
  });

  it('a 2xx list whose body is not JSON', async () => {
    server.use(http.get(`${BASE}/pets`, () => HttpResponse.html('<html>login page</html>')));
    const error = await rejectionOf(
      api.list?.({ pageindex: 1, pagesize: 10 }) ?? Promise.resolve(),
    );
    expect(error).toMatchObject({ kind: 'parse' });
    expect(errorTexts()).toEqual(['「宠物商店」返回的数据无法识别']);
  });

  it('a record address missing its id is refused before anything is sent', async () => {
    const error = await rejectionOf(api.info?.('') ?? Promise.resolve());
    expect(error).toBeInstanceOf(ApiError);
    expect(errorTexts()).toEqual(['调用地址缺少参数 petId']);
  });
});
