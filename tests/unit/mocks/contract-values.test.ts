// @vitest-environment node
/**
 * Values the contract's formats refuse (issue 49 case 12): a number JSON cannot hold (1e400
 * parses to Infinity and would be stored as null), a day that is not on the calendar or outside
 * the contract's range, a control character in a one-line text. Each is answered 201 with the
 * field's label and nothing is stored; the values the seed and the forms write still pass.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATE_RANGE } from '@/core/value-rules';
import { ORIGIN, call, signIn, withMockServer, type Answer } from './harness';

withMockServer();

/** A JSON body sent as written: JSON.stringify would turn Infinity into null before sending. */
async function postText(pathname: string, token: string, body: string): Promise<Answer> {
  const response = await fetch(new URL(pathname, ORIGIN), {
    method: 'POST',
    headers: { 'access-token': token, 'content-type': 'application/json' },
    body,
  });
  return (await response.json()) as Answer;
}

async function rowCount(pathname: string, token: string): Promise<number> {
  const list = await call<{ allcount: number }>('GET', pathname, { token });
  return list.data.allcount;
}

const deal = { deal_title: '采购打印纸', dep_id: 4, urgency: 1 };
const notice = { notice_title: '停电通知', notice_type: 1, notice_content: '<p>周六停电</p>' };
const member = { username: 'zhaoliu01', realname: '赵六', mobile: '13800138009', level: 1 };

describe('finite numbers only', () => {
  it('budget: 1e400 in a designed module is refused by its label, not stored as null', async () => {
    const token = await signIn();
    const before = await rowCount('/api/common/list', token);
    const answer = await postText(
      '/api/common/add',
      token,
      `{"deal_title":"采购打印纸","dep_id":4,"urgency":1,"budget":1e400}`,
    );
    expect(answer).toMatchObject({ status: 201, msg: '「预算金额」必须是有效的数字' });
    expect(await rowCount('/api/common/list', token)).toBe(before);
  });

  it('a contract field (排序) and a nested value of -1e400 are refused too', async () => {
    const token = await signIn();
    const sort = await postText(
      '/api/adminnotice/add',
      token,
      `{"notice_title":"停电通知","notice_type":1,"notice_content":"<p>x</p>","sort":1e400}`,
    );
    expect(sort).toMatchObject({ status: 201, msg: '「排序」必须是有效的数字' });
    const nested = await postText(
      '/api/common/add',
      token,
      `{"deal_title":"采购","dep_id":4,"urgency":1,"budget":{"amount":[-1e400]}}`,
    );
    expect(nested).toMatchObject({ status: 201, msg: '「amount」必须是有效的数字' });
  });

  it('a query number of 1e400 is refused as no valid number', async () => {
    const token = await signIn();
    const answer = await call('GET', '/api/systemversion/list', {
      token,
      query: { pagesize: '1e400' },
    });
    expect(answer).toMatchObject({ status: 201, msg: '「每页条数」必须是有效的数字' });
  });
});

describe('real calendar dates within the contract range', () => {
  it.each([
    ['2025-02-30', '「办结日期」必须是有效的日期'],
    ['0000-00-00', '「办结日期」必须是有效的日期'],
    ['+275760-09-13', '「办结日期」必须是有效的日期'],
    ['1899-12-31', '「办结日期」不能早于1900-01-01'],
    ['2101-01-01', '「办结日期」不能晚于2100-12-31'],
  ])('a designed date picker refuses %s', async (day, message) => {
    const token = await signIn();
    const before = await rowCount('/api/common/list', token);
    const answer = await call('POST', '/api/common/add', {
      token,
      body: { ...deal, finish_date: day },
    });
    expect(answer).toMatchObject({ status: 201, msg: message });
    expect(await rowCount('/api/common/list', token)).toBe(before);
  });

  it.each([
    ['2025-02-30', '「出生日期」必须是有效的日期'],
    ['0000-00-00', '「出生日期」必须是有效的日期'],
    ['+275760-09-13', '「出生日期」必须是有效的日期'],
    ['1899-12-31', '「出生日期」不能早于1900-01-01'],
  ])('a contract date field (出生日期) refuses %s', async (day, message) => {
    const token = await signIn();
    const before = await rowCount('/api/member/list', token);
    const answer = await call('POST', '/api/member/add', {
      token,
      body: { ...member, birthday: day },
    });
    expect(answer).toMatchObject({ status: 201, msg: message });
    expect(await rowCount('/api/member/list', token)).toBe(before);
  });

  it('a date filter in the query refuses 2101-01-01 and takes 2024-02-29', async () => {
    const token = await signIn();
    const late = await call('GET', '/api/systemversion/list', {
      token,
      query: { release_date: '2101-01-01' },
    });
    expect(late).toMatchObject({ status: 201, msg: '「发布日期」不能晚于2100-12-31' });
    const leap = await call('GET', '/api/systemversion/list', {
      token,
      query: { release_date: '2024-02-29' },
    });
    expect(leap.status).toBe(200);
  });

  it('the seed-like values are stored: a leap day, the range ends, a decimal budget', async () => {
    const token = await signIn();
    for (const day of ['2024-02-29', DATE_RANGE.min, DATE_RANGE.max]) {
      const answer = await call<{ id: number }>('POST', '/api/common/add', {
        token,
        body: { ...deal, finish_date: day, budget: 3200.5 },
      });
      expect(answer).toMatchObject({ status: 200, msg: '操作成功' });
    }
    const born = await call('POST', '/api/member/add', {
      token,
      body: { ...member, birthday: '1990-05-17' },
    });
    expect(born).toMatchObject({ status: 200, msg: '操作成功' });
  });

  it('the range the contract declares is the one the app falls back to', () => {
    const contract = JSON.parse(readFileSync(path.resolve('generated/openapi.json'), 'utf8')) as {
      components: { schemas: { CalendarDate: Record<string, unknown> } };
    };
    expect(contract.components.schemas.CalendarDate['x-date-range']).toEqual(DATE_RANGE);
  });
});

describe('no control characters in one-line texts', () => {
  it('a NUL byte in a title is refused (contract field and designed field), nothing stored', async () => {
    const token = await signIn();
    const before = await rowCount('/api/adminnotice/list', token);
    const title = await call('POST', '/api/adminnotice/add', {
      token,
      body: { ...notice, notice_title: '停电\u0000通知' },
    });
    expect(title).toMatchObject({
      status: 201,
      msg: '「公告标题」不能包含换行符、制表符等控制字符',
    });
    expect(await rowCount('/api/adminnotice/list', token)).toBe(before);
    const designed = await call('POST', '/api/common/add', {
      token,
      body: { ...deal, deal_title: '采购\u0000打印纸' },
    });
    expect(designed).toMatchObject({
      status: 201,
      msg: '「事项名称」不能包含换行符、制表符等控制字符',
    });
  });

  it.each(['\n', '\t', '\u007f', '\u0085'])('a one-line title refuses %j', async (character) => {
    const token = await signIn();
    const answer = await call('POST', '/api/adminnotice/add', {
      token,
      body: { ...notice, notice_title: `停电${character}通知` },
    });
    expect(answer).toMatchObject({
      status: 201,
      msg: '「公告标题」不能包含换行符、制表符等控制字符',
    });
  });

  it('rich text keeps its line breaks and tabs, but not other control characters', async () => {
    const token = await signIn();
    const lines = await call('POST', '/api/adminnotice/add', {
      token,
      body: { ...notice, notice_content: '<p>第一行</p>\r\n\t<p>第二行</p>' },
    });
    expect(lines).toMatchObject({ status: 200, msg: '操作成功' });
    const bell = await call('POST', '/api/adminnotice/add', {
      token,
      body: { ...notice, notice_content: '<p>第一行\u0007</p>' },
    });
    expect(bell).toMatchObject({ status: 201, msg: '「公告内容」不能包含控制字符' });
  });

  it('a multi-line textarea of a designed module keeps its line breaks', async () => {
    const token = await signIn();
    const answer = await call('POST', '/api/common/add', {
      token,
      body: { ...deal, deal_content: '<p>第一行</p>\n<p>第二行</p>' },
    });
    expect(answer).toMatchObject({ status: 200, msg: '操作成功' });
  });
});

describe('no control characters in the sign-in', () => {
  it('a NUL byte in the account name is refused before any password check', async () => {
    const captcha = await call<{ captcha_key: string }>('GET', '/api/captcha', {
      query: { r: Date.now() },
    });
    const login = await call('POST', '/api/login', {
      body: {
        username: 'admin\u0000',
        password: 'Admin@123456',
        captcha: '8888',
        captcha_key: captcha.data.captcha_key,
      },
    });
    expect(login.status).toBe(201);
    // The sign-in body has no x-admin labels: named by its property, as its other messages are.
    expect(login.msg).toBe('「username」不能包含换行符、制表符等控制字符');
  });
});
