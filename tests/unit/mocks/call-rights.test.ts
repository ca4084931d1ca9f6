// @vitest-environment node
/**
 * One permission rule for every call: each operation of the contract is public, open to every
 * signed-in user (x-admin.access), or names the key that guards it (x-admin.permission); the
 * mock refuses a guarded call without its key with 220 — CRUD, uploads, workflow steps,
 * categories, caches, settings, role assignments and the designer alike. The calls are
 * enumerated from the contract, not listed by hand.
 */
import { describe, expect, it } from 'vitest';
import contract from '@generated/openapi.json';
import { isRecord } from '@/core/guards';
import { OPERATION_PERMISSIONS } from '@generated/permissions';
import { call, send, signIn, withMockServer } from './harness';

withMockServer();

interface Operation {
  operationId: string;
  method: string;
  path: string;
  admin: { permission?: unknown; access?: unknown; capability?: unknown };
  isPublic: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function operations(): Operation[] {
  // The contract as JSON: each level checked as it is read.
  const paths = isRecord(contract.paths) ? contract.paths : {};
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      if (!isRecord(item)) return [];
      const raw = item[method];
      if (typeof raw !== 'object' || raw === null) return [];
      const operation = raw as Record<string, unknown>;
      const admin = (operation['x-admin'] ?? {}) as Operation['admin'];
      const security = operation.security;
      return [
        {
          operationId: String(operation.operationId),
          method: method.toUpperCase(),
          path,
          admin,
          isPublic: Array.isArray(security) && security.length === 0,
        },
      ];
    }),
  );
}

/** A concrete address for a templated path (`{module}` → a generated module's group). */
function address(path: string): string {
  return path.replace('{module}', 'adminnotice').replace('{method}', 'adminrole');
}

describe('the contract names who may make each call', () => {
  it('every call that is not public names its key or says it is open (read, self)', () => {
    const undecided = operations().filter(
      (op) => !op.isPublic && op.admin.permission === undefined && op.admin.access === undefined,
    );
    expect(undecided.map((op) => `${op.method} ${op.path}`)).toEqual([]);
  });

  it('every write names a key: only reading and the caller’s own account are open', () => {
    const open = operations()
      .filter((op) => op.admin.access === 'self')
      .map((op) => op.operationId)
      .sort();
    expect(open).toEqual(['adminuserUppassword', 'messageRead', 'sessionClearcache']);
    for (const op of operations().filter((candidate) => candidate.admin.access === 'read'))
      expect(['list', 'info', 'mylist', undefined], op.operationId).toContain(op.admin.capability);
  });
});

describe('a user without the keys (孙丽, reading keys only)', () => {
  const guarded = operations().filter((op) => op.admin.permission !== undefined);

  it('gets 220 暂无权限 on every guarded call of the contract', async () => {
    expect(guarded.length).toBeGreaterThan(100);
    const token = await signIn('sunli');
    const answered: string[] = [];
    for (const op of guarded) {
      const response = await send(op.method === 'GET' ? 'GET' : 'POST', address(op.path), {
        token,
        query: op.path.startsWith('/ueditor/') ? { action: 'uploadimage' } : {},
        body: op.method === 'GET' ? undefined : {},
      });
      const answer = (await response.json()) as { status?: number; state?: string };
      const refused = op.path.startsWith('/ueditor/')
        ? answer.state === '暂无权限'
        : answer.status === 220;
      if (!refused) answered.push(`${op.method} ${op.path} → ${JSON.stringify(answer)}`);
    }
    expect(answered).toEqual([]);
  });

  it('approving a report and adding a category change nothing', async () => {
    const token = await signIn('sunli');
    const examine = await call('POST', '/api/informationreportingexamine/examine', {
      token,
      body: { id: 1, status: 3, remark: '' },
    });
    expect(examine).toEqual({ status: 220, msg: '暂无权限', data: null });
    expect(
      await call('POST', '/api/attachmentcate/add', {
        token,
        body: { ac_name: '越权分类', ac_pid: 0 },
      }),
    ).toEqual({ status: 220, msg: '暂无权限', data: null });
    const admin = await signIn();
    const categories = await call<{ ac_name: string }[]>('GET', '/api/attachmentcate/list', {
      token: admin,
    });
    expect(JSON.stringify(categories.data)).not.toContain('越权分类');
  });

  it('still reads, changes its own password and marks its own messages read', async () => {
    const token = await signIn('sunli');
    expect((await call('GET', '/api/adminnotice/list', { token })).status).toBe(200);
    expect(
      (await call('POST', '/api/message/read', { token, body: { id: 'read-all' } })).status,
    ).toBe(200);
  });

  it('the super administrator holds every key the contract names', async () => {
    const token = await signIn();
    const answer = await call<{ prilist: string }>('POST', '/api/getuserauth', { token, body: {} });
    const held = new Set(answer.data.prilist.split(','));
    const named = Object.values(OPERATION_PERMISSIONS).filter((key) => !key.startsWith('{'));
    expect(named.filter((key) => !held.has(key))).toEqual([]);
  });
});
