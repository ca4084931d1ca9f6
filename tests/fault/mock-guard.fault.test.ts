// @vitest-environment node
/**
 * Issue 49: every operation of the contract (generated/openapi.json, every path × method, its
 * path parameters filled in) sent to `cli mock-server` in its own process the ways that once got
 * past its guards — under a path prefix (`/x`, `/storage/x`, `/sources/x`), in upper case, and
 * with each method the path does not declare — with no token and with the read-only 孙丽's.
 * None may be accepted: no envelope with status 200 (or a chunk's 1), no editor state SUCCESS,
 * no file, and the data the administrator reads is the same before and after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contract from '@generated/openapi.json';
import { isRecord } from '@/core/guards';
import { signInOverHttp } from '../support/http-mock';
import { pngForm } from '../support/png-form';
import { startProcess, type RunningProcess } from '../generator/cli-process';
import { CLI_NODE_ARGS } from '../generator/helpers';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const PREFIXES = ['/x', '/storage/x', '/sources/x'];
/** Requests in flight at once: enough to keep the server busy, few enough for a shared machine. */
const IN_FLIGHT = 8;

/** A path of the contract with a value for each parameter: a real module, a real lookup table. */
function filled(path: string): string {
  return path.replace('{module}', 'adminuser').replace('{method}', 'adminrole');
}

/**
 * Every filled path with the methods the contract declares for it: its own and those of every
 * template it also matches (`/api/adminuser/getkeyval` is a POST of its own and a GET of
 * `/api/{method}/getkeyval`).
 */
function declaredMethods(): Map<string, Set<string>> {
  const entries = Object.entries(isRecord(contract.paths) ? contract.paths : {}).flatMap(
    ([path, item]) => {
      if (!isRecord(item)) return [];
      const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      const methods = METHODS.filter((method) => isRecord(item[method.toLowerCase()]));
      return [{ path, pattern, methods }];
    },
  );
  const declared = new Map<string, Set<string>>();
  for (const { path } of entries) {
    const address = filled(path);
    const methods = entries
      .filter((entry) => entry.pattern.test(address))
      .flatMap((entry) => entry.methods);
    declared.set(address, new Set(methods));
  }
  return declared;
}

interface Probe {
  kind: 'prefix' | 'upper case' | 'other method';
  method: string;
  path: string;
}

/** The hostile variants of every operation. */
function probes(): Probe[] {
  const all: Probe[] = [];
  for (const [path, methods] of declaredMethods()) {
    for (const method of methods) {
      for (const prefix of PREFIXES) all.push({ kind: 'prefix', method, path: `${prefix}${path}` });
      all.push({ kind: 'upper case', method, path: path.toUpperCase() });
    }
    for (const method of METHODS)
      if (!methods.has(method)) all.push({ kind: 'other method', method, path });
  }
  return all;
}

/** The body a probe carries: a file for the uploads, an id (8: 孙丽) for everything else. */
function bodyOf(probe: Probe): { body?: BodyInit; type?: string } {
  if (probe.method === 'GET') return {};
  if (/tool\/(upload|inport)|ueditor|import/i.test(probe.path))
    return { body: pngForm(['upfile', 'file', 'importfile']) };
  return {
    body: JSON.stringify({ id: 8, ids: [8], roleid: 3, prilist: ['ADMINUSER_RESETPASSWORD'] }),
    type: 'application/json',
  };
}

/** True when the server did what was asked: a success envelope, SUCCESS, or a file. */
async function accepted(response: Response): Promise<boolean> {
  const text = await response.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    // Not JSON: a file or a page is an acceptance only when it came with a success status.
    return response.ok && text.length > 0;
  }
  if (!isRecord(answer)) return response.ok;
  return answer.status === 200 || answer.status === 1 || answer.state === 'SUCCESS';
}

let server: RunningProcess & { found: string };
let admin = '';
let sunli = '';

beforeAll(async () => {
  server = await startProcess(
    process.execPath,
    [...CLI_NODE_ARGS, 'mock-server', '--port', '0', '--allow-reset', '--allow-push'],
    /listening on (http:\/\/\S+)/,
    60_000,
  );
  admin = await signInOverHttp(server.found);
  sunli = await signInOverHttp(server.found, 'sunli');
}, 90_000);

afterAll(async () => {
  await server.stop();
});

/** What the administrator reads: every list of the contract, whole, and the unread counts. */
async function snapshot(readers: readonly string[] = [admin, sunli]): Promise<string> {
  const lists = [...declaredMethods()]
    .filter(([path, methods]) => methods.has('GET') && /\/(list|recycle)$/.test(path))
    .map(([path]) => path)
    .sort();
  const parts: string[] = [];
  for (const path of lists) {
    const response = await fetch(`${server.found}${path}?pagesize=1000`, {
      headers: { 'access-token': admin },
    });
    parts.push(`${path} ${await response.text()}`);
  }
  for (const token of readers) {
    const unread = await fetch(`${server.found}/api/message/getmesnoreadnum`, {
      method: 'POST',
      headers: { 'access-token': token },
    });
    parts.push(`unread ${await unread.text()}`);
  }
  for (const roleid of [1, 2, 3])
    parts.push(
      `role ${roleid} ${await (
        await fetch(`${server.found}/api/adminrole/getroleauth`, {
          method: 'POST',
          headers: { 'access-token': admin, 'content-type': 'application/json' },
          body: JSON.stringify({ roleid }),
        })
      ).text()}`,
    );
  return parts.join('\n');
}

describe('cli mock-server: every operation of the contract, sent the hostile ways', () => {
  it('accepts none, with no token and as 孙丽, and changes no data', async () => {
    const before = await snapshot();
    const sent = probes().flatMap((probe) =>
      [
        { identity: 'no token', token: '' },
        { identity: '孙丽', token: sunli },
      ].map((who) => ({ ...probe, ...who })),
    );
    const acceptedCalls: string[] = [];
    const counts = new Map<string, number>();
    let next = 0;
    const worker = async () => {
      while (next < sent.length) {
        const probe = sent[next++]!;
        const query = probe.path.toLowerCase().includes('/ueditor/') ? '?action=uploadimage' : '';
        const { body, type } = bodyOf(probe);
        const headers: Record<string, string> = {};
        if (probe.token) headers['access-token'] = probe.token;
        if (type) headers['content-type'] = type;
        const response = await fetch(`${server.found}${probe.path}${query}`, {
          method: probe.method,
          headers,
          body,
        });
        const key = `${probe.kind}, ${probe.identity}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
        if (await accepted(response))
          acceptedCalls.push(`${probe.identity}: ${probe.method} ${probe.path}${query}`);
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    console.log(
      `mock-guard: sent ${sent.length} calls (${probes().length} hostile forms of ${declaredMethods().size} paths) — ${[
        ...counts,
      ]
        .map(([key, count]) => `${key}: ${count}`)
        .join('; ')}; accepted ${acceptedCalls.length}`,
    );
    expect(acceptedCalls).toEqual([]);
    expect(await snapshot()).toBe(before);
  }, 300_000);

  it('the demo-only calls are the super administrator’s; 孙丽’s 全部已读 is hers alone', async () => {
    // 孙丽's own unread count is the one thing that may move.
    const before = await snapshot([admin]);
    const post = async (path: string, token: string, body: unknown = {}) => {
      const response = await fetch(`${server.found}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { 'access-token': token } : {}),
        },
        body: JSON.stringify(body),
      });
      return (await response.json()) as unknown;
    };
    for (const path of ['/api/mock/pushmessage', '/api/mock/reset']) {
      expect(await post(path, sunli, { tm_title: '孙丽的推送' })).toEqual({
        status: 220,
        msg: '暂无权限',
        data: null,
      });
      expect(await post(path, '')).toEqual({ status: 401, msg: '401，登录失效！', data: null });
    }
    expect(await post('/api/message/read', sunli, { id: 'read-all' })).toMatchObject({
      status: 200,
    });
    const unread = async (token: string) =>
      (await post('/api/message/getmesnoreadnum', token)) as { data: number };
    expect((await unread(sunli)).data).toBe(0);
    expect(await snapshot([admin])).toBe(before);
    expect((await unread(admin)).data).toBeGreaterThan(0);
  });
});
