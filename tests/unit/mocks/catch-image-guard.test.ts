// @vitest-environment node
/**
 * Issue 49 case 8, piece by piece: which addresses are public; the server's fetch judges every
 * address a name resolves to and connects to the one it judged (DNS rebinding); the capture
 * judges every redirect again; and without private addresses allowed every failure that depends
 * on what answered is the one state 远程图片抓取失败. The "public" hosts of these tests are
 * simulated (this machine has no internet): a network that answers for them, or a resolver.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { catchImages } from '@/mocks/catch-image';
import {
  checkedAddress,
  fetchPinned,
  guardedRemoteFetch,
  type ResolveHost,
} from '@/mocks/guarded-fetch';
import { readWithin } from '@/core/read-within';
import { isPublicAddress, isPublicHost } from '@/mocks/public-address';
import {
  installRemoteFetch,
  plainRemoteFetch,
  RefusedAddress,
  type RemoteFetch,
} from '@/mocks/remote-fetch';
import { resetMockDatabase } from '@/mocks/reset';
import { PNG, startIntranet, type Intranet } from '../../support/intranet-server';

const UNAVAILABLE = '远程图片抓取失败';

let intranet: Intranet;
let port: number;
/** Requests that reached the loopback "intranet" server. */
let reached: string[];

beforeAll(async () => {
  intranet = await startIntranet('127.0.0.1');
  ({ port, reached } = intranet);
});

afterAll(() => {
  intranet?.close();
});

beforeEach(() => {
  resetMockDatabase();
  reached.length = 0;
});

async function capture(sources: readonly string[]) {
  const body = new URLSearchParams();
  for (const source of sources) body.append('source[]', source);
  const answer = await catchImages(
    new Request('http://localhost/ueditor/ue?action=catchimage', { method: 'POST', body }),
  );
  return answer.list;
}

/** A resolver from a fixed table (a name not in it does not exist). */
function resolverOf(table: Record<string, string[]>): ResolveHost & { calls: string[] } {
  const calls: string[] = [];
  const resolve = (hostname: string) => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (!addresses) return Promise.reject(new Error(`ENOTFOUND ${hostname}`));
    return Promise.resolve(
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
  return Object.assign(resolve, { calls });
}

describe('public addresses', () => {
  it.each([
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '100.64.0.1',
    '100.127.255.255',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.51.100.1',
    '203.0.113.1',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.1.2.3',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'ff02::1',
    '2001:db8::1',
    '2001::1',
    '2002:7f00:1::1',
    '3fff::1',
    'not an address',
    '1.2.3',
    '1.2.3.256',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.169.0.1',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '[2a00:1450:4001:80b::200e]',
    '::ffff:8.8.8.8',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('hosts as the URL parser leaves them: numeric forms of loopback and localhost are not public', () => {
    for (const url of [
      'http://0x7f000001/',
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://0/',
      'http://[::ffff:127.0.0.1]/',
      'http://localhost/',
      'http://Api.LocalHost./',
    ])
      expect([url, isPublicHost(new URL(url).hostname)]).toEqual([url, false]);
    expect(isPublicHost(new URL('https://img.example.com/').hostname)).toBe(true);
  });
});

describe('the server fetch judges every resolved address', () => {
  const signal = () => AbortSignal.timeout(2000);

  it('refuses a name with any address that is not public, and a literal without resolving it', async () => {
    const names = {
      'intranet.test': ['10.0.0.5'],
      'metadata.test': ['169.254.169.254'],
      'mixed.test': ['93.184.215.14', '127.0.0.1'],
      'v6-loopback.test': ['::1'],
      'mapped.test': ['::ffff:127.0.0.1'],
      'unique-local.test': ['fd00::1'],
      'cgnat.test': ['100.64.0.1'],
      'nothing.test': [],
    };
    const resolve = resolverOf(names);
    for (const host of [...Object.keys(names), '[::ffff:7f00:1]', '127.0.0.1', 'localhost'])
      await expect(
        checkedAddress(new URL(`http://${host}/a.png`), resolve, signal()),
      ).rejects.toBeInstanceOf(RefusedAddress);
    // The literals and localhost were judged as they are, never looked up.
    expect(resolve.calls).toEqual(Object.keys(names));
    expect(
      await checkedAddress(
        new URL('http://cdn.test/a.png'),
        resolverOf({ 'cdn.test': ['93.184.215.14', '2606:4700::1'] }),
        signal(),
      ),
    ).toEqual({ address: '93.184.215.14', family: 4 });
  });

  it('connects to the address it judged: a name that resolves to loopback a moment later does not reach it', async () => {
    let answers = 0;
    const calls: string[] = [];
    // DNS rebinding: a public address for the check, loopback for any lookup after it.
    const rebinding: ResolveHost = (hostname) => {
      calls.push(hostname);
      answers += 1;
      return Promise.resolve([
        { address: answers === 1 ? '93.184.215.14' : '127.0.0.1', family: 4 },
      ]);
    };
    const network = guardedRemoteFetch({ allowPrivate: false, resolve: rebinding });
    // The public address cannot be reached from here: the hop fails, one way or another.
    await expect(
      network.fetchHop(new URL(`http://rebind.test:${port}/image.png`), AbortSignal.timeout(1500)),
    ).rejects.toBeDefined();
    expect(calls).toEqual(['rebind.test']);
    expect(reached).toEqual([]);
  });
});

describe('the connection goes to the judged address', () => {
  const loopback = { address: '127.0.0.1', family: 4 };
  const at = (path: string) => new URL(`http://no-such-name.invalid:${port}${path}`);

  it('whatever the name: a name nothing resolves reaches the address it was given', async () => {
    const response = await fetchPinned(at('/image.png'), loopback, AbortSignal.timeout(2000));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(await readWithin(response, 1024)).toEqual(PNG);
    expect(reached).toEqual(['/image.png']);
  });

  it('answers a redirect as it is, an empty answer without a body, and stops reading past a limit', async () => {
    const redirect = await fetchPinned(at('/to-loopback'), loopback, AbortSignal.timeout(2000));
    expect([redirect.status, redirect.headers.get('location')]).toEqual([302, '/image.png']);
    await redirect.body?.cancel();
    const empty = await fetchPinned(at('/empty'), loopback, AbortSignal.timeout(2000));
    expect([empty.status, empty.body]).toEqual([204, null]);
    const huge = await fetchPinned(at('/huge.png'), loopback, AbortSignal.timeout(2000));
    expect(await readWithin(huge, 1024 * 1024)).toBeUndefined();
    // Nothing followed, and the server of this process still fetches.
    expect(reached).toEqual(['/to-loopback', '/empty', '/huge.png']);
    const again = await fetchPinned(at('/image.png'), loopback, AbortSignal.timeout(2000));
    expect(await readWithin(again, 1024)).toEqual(PNG);
  });

  it('a body that stops coming ends with the time limit', async () => {
    const slow = await fetchPinned(at('/slow.png'), loopback, AbortSignal.timeout(500));
    await expect(readWithin(slow, 1024 * 1024)).rejects.toBeDefined();
  });
});

describe('the capture judges every redirect', () => {
  /**
   * `cdn.test` stands for a public server that redirects to `location`; every other hop goes
   * through `next` (the server's guarded fetch).
   */
  function redirectingCdn(location: string, next: RemoteFetch): RemoteFetch {
    return {
      allowPrivate: next.allowPrivate,
      fetchHop: (url, signal) =>
        url.hostname === 'cdn.test'
          ? Promise.resolve(new Response(null, { status: 302, headers: { location } }))
          : next.fetchHop(url, signal),
    };
  }

  it('a public server redirecting to loopback, or to a name that resolves to it: refused, nothing reaches it', async () => {
    const resolve = resolverOf({ 'intranet.test': ['127.0.0.1'] });
    const guarded = guardedRemoteFetch({ allowPrivate: false, resolve });
    for (const location of [
      `http://127.0.0.1:${port}/image.png`,
      `http://0x7f000001:${port}/image.png`,
      `http://[::ffff:127.0.0.1]:${port}/image.png`,
      `http://intranet.test:${port}/image.png`,
    ]) {
      const restore = installRemoteFetch(redirectingCdn(location, guarded));
      try {
        expect(await capture(['http://cdn.test/a.png'])).toEqual([
          { source: 'http://cdn.test/a.png', state: UNAVAILABLE },
        ]);
      } finally {
        restore();
      }
    }
    expect(resolve.calls).toEqual(['intranet.test']);
    expect(reached).toEqual([]);
  });

  it('where private addresses are allowed (tests) the same redirect is followed and kept', async () => {
    onTestFinished(
      installRemoteFetch(
        redirectingCdn(`http://127.0.0.1:${port}/image.png`, plainRemoteFetch(true)),
      ),
    );
    expect(await capture(['http://cdn.test/a.png'])).toEqual([
      {
        source: 'http://cdn.test/a.png',
        state: 'SUCCESS',
        url: expect.stringMatching(/^\/storage\/mock\/\d+$/),
      },
    ]);
    expect(reached).toEqual(['/image.png']);
  });
});

describe('one state for every failure that depends on what answered', () => {
  /** Public-looking hosts answered by the loopback server, as if they were on the internet. */
  const asIfPublic = (allowPrivate: boolean): RemoteFetch => ({
    allowPrivate,
    fetchHop: (url, signal) => {
      const local = new URL(url);
      local.hostname = '127.0.0.1';
      if (url.hostname === 'closed.test') local.port = '1';
      else local.port = String(port);
      return plainRemoteFetch(true).fetchHop(local, signal);
    },
  });
  const sources = [
    'http://open.test/page',
    'http://open.test/missing.png',
    'http://closed.test/a.png',
    'http://open.test/slow.png',
  ];

  it('an open port, a closed one, a slow one and a missing file answer the same', async () => {
    onTestFinished(installRemoteFetch(asIfPublic(false)));
    const list = await capture([...sources, 'http://open.test/image.png']);
    expect(list.map((entry) => entry.state)).toEqual([
      UNAVAILABLE,
      UNAVAILABLE,
      UNAVAILABLE,
      UNAVAILABLE,
      'SUCCESS',
    ]);
  });

  it('with private addresses allowed each says why', async () => {
    onTestFinished(installRemoteFetch(asIfPublic(true)));
    const list = await capture(sources);
    expect(list.map((entry) => entry.state)).toEqual([
      '远程地址的内容不是png/jpg/jpeg/gif/webp格式的图片',
      '远程图片下载失败',
      '远程图片下载失败',
      '远程图片下载超时',
    ]);
  });
});
