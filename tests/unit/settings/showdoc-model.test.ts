// @vitest-environment node
/**
 * 接口文档's model from the real bundled contract: groups (tags) → calls → parameters and fields
 * with types and Chinese descriptions, example bodies from the seeds, and search.
 */
import { describe, expect, it } from 'vitest';
import openapi from '@generated/openapi.json';
import {
  buildDoc,
  fillPath,
  searchDoc,
  type DocGroup,
} from '@/features/settings/showdoc/showdoc-model';

const doc = buildDoc(openapi as unknown as Record<string, unknown>);

function call(groups: readonly DocGroup[], path: string) {
  for (const group of groups) {
    const found = group.calls.find((c) => c.path === path);
    if (found) return found;
  }
  throw new Error(`no call ${path}`);
}

describe('showdoc model', () => {
  it('groups calls by tag with the module title', () => {
    const users = doc.find((group) => group.name === 'adminuser');
    expect(users?.title).toBe('管理员管理');
    expect(users?.calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining(['GET /api/adminuser/list', 'POST /api/adminuser/resetpassword']),
    );
  });

  it('lists query parameters with type and description', () => {
    const list = call(doc, '/api/adminuser/list');
    expect(list.parameters).toEqual(
      expect.arrayContaining([
        {
          name: 'pageindex',
          in: 'query',
          type: 'integer',
          required: false,
          description: '1-based page number.',
        },
        expect.objectContaining({
          name: 'status',
          type: '1 | 2',
          description: '状态（1 启用 2 禁用）',
        }),
      ]),
    );
  });

  it('lists the answer fields with Chinese labels, nested as paths', () => {
    const list = call(doc, '/api/adminuser/list');
    expect(list.response).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'data[].username',
          // The contract's format for a one-line text, as the screen shows every format.
          type: 'string(single-line)',
          required: true,
          description: '登录账号',
        }),
        expect.objectContaining({
          name: 'data[].email',
          description: expect.stringContaining('邮箱'),
        }),
      ]),
    );
  });

  it('builds example bodies from the seeds', () => {
    expect(call(doc, '/api/adminuser/resetpassword').bodyExample).toEqual({ id: 1 });
    const add = call(doc, '/api/adminuser/add');
    expect(add.bodyExample).toMatchObject({ username: 'admin', nickname: '超级管理员' });
    expect(add.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'username', required: true })]),
    );
  });

  it('search finds /api/adminuser/resetpassword by path and by its Chinese summary', () => {
    for (const term of ['/api/adminuser/resetpassword', '重置密码', 'RESETPASSWORD adminuser']) {
      const found = searchDoc(doc, term);
      expect(found.flatMap((g) => g.calls.map((c) => c.path))).toContain(
        '/api/adminuser/resetpassword',
      );
    }
    expect(searchDoc(doc, 'no-such-call-anywhere')).toEqual([]);
  });

  it('fills path placeholders and leaves the rest as query values', () => {
    expect(fillPath('/api/{module}/list', { module: 'deal', pageindex: 1 })).toEqual({
      url: '/api/deal/list',
      rest: { pageindex: 1 },
    });
  });
});
