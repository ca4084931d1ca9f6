// @vitest-environment node
/**
 * Every operation of the contract (generated/openapi.json), called on the real HTTP mock server
 * (`cli mock-server`) by a signed-in administrator with hostile input: no body, a body that does
 * not parse, a JSON array, a form post, and every body field and query parameter set to each of
 * a dozen wrong-typed or hostile values at once, then each of them alone to six of those values.
 * Whatever the input, the answer is an answer: HTTP below 500 and, when it is JSON, an envelope
 * whose status is not 500 (an unexpected error). The operations are enumerated from the
 * contract, so a new module is probed without an edit here; the calls that end the session
 * (logout, password changes) come last, and every operation signs in afresh, so a hostile value
 * that changed the administrator's password would show as a failed sign-in.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRecord } from '@/core/guards';
import { signInOverHttp, withHttpMockServer } from '../support/http-mock';

type Json = Record<string, unknown>;

const contract = JSON.parse(readFileSync(path.resolve('generated/openapi.json'), 'utf8')) as Json;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Values no field of the contract expects all of: wrong types, extremes, markup, traversal. */
const HOSTILE: readonly unknown[] = [
  [],
  {},
  null,
  1e308,
  -1,
  'x'.repeat(20_000),
  '<img src=x onerror=alert(1)>',
  true,
  JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}'),
  [[[[1]]]],
  '\u0000',
  '../../etc/passwd',
];

/** Sent in one field or parameter alone. */
const ALONE: readonly unknown[] = [
  [],
  {},
  -1,
  1e308,
  '<img src=x onerror=alert(1)>',
  'x'.repeat(20_000),
];

/** What a `$ref` points to in the contract, followed until it is no reference. */
function resolved(value: unknown): Json {
  let current = value;
  for (let hops = 0; isRecord(current) && typeof current.$ref === 'string' && hops < 10; hops++) {
    let target: unknown = contract;
    for (const part of current.$ref.replace(/^#\//, '').split('/'))
      target = isRecord(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    current = target;
  }
  return isRecord(current) ? current : {};
}

/** A body schema's property names, through allOf / oneOf / anyOf. */
function propertyNames(schema: unknown, depth = 0): string[] {
  const shape = resolved(schema);
  const own = isRecord(shape.properties) ? Object.keys(shape.properties) : [];
  if (depth > 5) return own;
  const combined = ['allOf', 'oneOf', 'anyOf'].flatMap((key) => {
    const list = shape[key];
    return Array.isArray(list) ? list.flatMap((part) => propertyNames(part, depth + 1)) : [];
  });
  return [...new Set([...own, ...combined])];
}

interface Probed {
  method: string;
  path: string;
  fields: string[];
  queryParams: string[];
}

function operations(): Probed[] {
  const paths = isRecord(contract.paths) ? contract.paths : {};
  const found = Object.entries(paths).flatMap(([route, item]) =>
    METHODS.flatMap((method) => {
      const operation = isRecord(item) ? item[method] : undefined;
      // A path with a {parameter} is a source's REST call, probed by the REST source tests.
      if (!isRecord(operation) || route.includes('{')) return [];
      const body = resolved(operation.requestBody);
      const content = isRecord(body.content) ? body.content : {};
      const schemas = Object.values(content).map((media) => (isRecord(media) ? media.schema : {}));
      const parameters = Array.isArray(operation.parameters) ? operation.parameters : [];
      return [
        {
          method: method.toUpperCase(),
          path: route,
          fields: [...new Set(schemas.flatMap((schema) => propertyNames(schema)))],
          queryParams: parameters
            .map(resolved)
            .filter((parameter) => parameter.in === 'query')
            .map((parameter) => String(parameter.name)),
        },
      ];
    }),
  );
  const endsSession = (probed: Probed) => /logout|password/i.test(probed.path);
  return [...found.filter((p) => !endsSession(p)), ...found.filter(endsSession)];
}

const PROBED = operations();
const mock = withHttpMockServer();

interface Probe {
  /** What was sent, as a failure names it. */
  sent: string;
  contentType?: string;
  body?: string;
  query?: URLSearchParams;
}

/** Every request of the probe for one operation. */
function probes(probed: Probed): Probe[] {
  const json = 'application/json';
  const filled = (value: unknown) => Object.fromEntries(probed.fields.map((f) => [f, value]));
  const query = (value: unknown) =>
    new URLSearchParams(
      probed.queryParams.map((name) => [
        name,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]),
    );
  const everywhere: Probe[] = HOSTILE.map((value) => ({
    sent: `every field and parameter = ${JSON.stringify(value).slice(0, 40)}`,
    query: query(value),
    ...(probed.method === 'GET' ? {} : { contentType: json, body: JSON.stringify(filled(value)) }),
  }));
  // One field or parameter at a time, the others left out: a value that reaches the call's
  // own code instead of failing on a neighbour's type first.
  const alone: Probe[] = ALONE.flatMap((value) => [
    ...probed.queryParams.map((name) => ({
      sent: `${name} alone = ${JSON.stringify(value).slice(0, 40)}`,
      query: new URLSearchParams([
        [name, typeof value === 'string' ? value : JSON.stringify(value)],
      ]),
    })),
    ...(probed.method === 'GET'
      ? []
      : probed.fields.map((field) => ({
          sent: `${field} alone = ${JSON.stringify(value).slice(0, 40)}`,
          contentType: json,
          body: JSON.stringify({ [field]: value }),
        }))),
  ]);
  if (probed.method === 'GET') return [...everywhere, ...alone];
  return [
    { sent: 'no body' },
    { sent: 'JSON that does not parse', contentType: json, body: '{"a":' },
    { sent: 'a JSON array', contentType: json, body: '[1,2]' },
    {
      sent: 'a form post with bracketed keys',
      contentType: 'application/x-www-form-urlencoded',
      body: 'a=1&b[]=2&c[x][y]=3&__proto__[polluted]=1',
    },
    ...everywhere,
    ...alone,
  ];
}

describe('every operation of the contract, sent hostile input, answers without an error', () => {
  it('probes the whole contract (the list is not empty)', () => {
    expect(PROBED.length).toBeGreaterThan(150);
  });

  it.each(PROBED.map((probed) => [`${probed.method} ${probed.path}`, probed] as const))(
    '%s',
    async (_name, probed) => {
      const token = await signInOverHttp(mock.url());
      const broken: string[] = [];
      for (const { sent, contentType, body, query } of probes(probed)) {
        const url = `${mock.url()}${probed.path}${query?.size ? `?${query}` : ''}`;
        const headers: Record<string, string> = { 'access-token': token };
        if (contentType) headers['content-type'] = contentType;
        const response = await fetch(url, { method: probed.method, headers, body });
        const text = await response.text();
        let envelopeStatus: unknown;
        try {
          envelopeStatus = (JSON.parse(text) as { status?: unknown }).status;
        } catch {
          envelopeStatus = undefined;
        }
        if (response.status >= 500 || envelopeStatus === 500)
          broken.push(`${sent}: HTTP ${response.status} ${text.slice(0, 120)}`);
      }
      expect(broken).toEqual([]);
    },
  );

  it('after every probe, the administrator signs in and the notices are the seeded ones', async () => {
    const token = await signInOverHttp(mock.url());
    const response = await fetch(`${mock.url()}/api/adminnotice/list`, {
      headers: { 'access-token': token },
    });
    const answer = (await response.json()) as { data: { allcount: number } };
    expect(answer.data.allcount).toBe(8);
  });
});
