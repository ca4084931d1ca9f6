// @vitest-environment node
/**
 * `generate` carries a source's envelope x-admin into the module's call settings (issue 50):
 * `record` on info/add/edit becomes `recordAt`, `body` on add/edit becomes `bodyAt`, which the
 * REST adapter follows; a value it could not follow is a problem naming the operation.
 */
import { describe, expect, it } from 'vitest';
import { isJson, type Json } from '../../../generator/json';
import { resourceCalls, sourceOperations } from '../../../generator/sources/source-calls';
import { WRAPPED_DOCUMENT } from './wrapped-source';

const document = (): Json => structuredClone(WRAPPED_DOCUMENT);

/** The document with one operation's x-admin replaced. */
function withAdmin(source: Json, path: string, method: string, admin: Json): Json {
  const item = isJson(source.paths) ? source.paths[path] : undefined;
  const operation = isJson(item) ? item[method] : undefined;
  if (isJson(operation)) operation['x-admin'] = admin;
  return source;
}

describe('envelope call settings', () => {
  it('reads record and body into recordAt and bodyAt', () => {
    const problems: string[] = [];
    const source = document();
    const calls = resourceCalls(source, sourceOperations(source), 'articles', problems);
    expect(problems).toEqual([]);
    expect(calls.info).toEqual({
      method: 'GET',
      path: '/articles/{slug}',
      idParam: 'slug',
      recordAt: 'article',
    });
    expect(calls.add).toMatchObject({ recordAt: 'article', bodyAt: 'article' });
    expect(calls.edit).toMatchObject({ recordAt: 'article', bodyAt: 'article', body: 'json' });
    expect(calls.delete).not.toHaveProperty('recordAt');
    const lists = resourceCalls(source, sourceOperations(source), 'lists', problems);
    expect(lists.add).toEqual({ method: 'POST', path: '/lists', recordAt: 'data' });
  });

  it('names the operation of a record or body it cannot follow', () => {
    const source = document();
    withAdmin(source, '/articles', 'post', { capability: 'add', record: '../article', body: 'a' });
    withAdmin(source, '/articles/{slug}', 'delete', { capability: 'delete', body: 'x' });
    const problems: string[] = [];
    const calls = resourceCalls(source, sourceOperations(source), 'articles', problems);
    expect(problems).toEqual([
      'POST /articles: x-admin.record "../article" is not a dotted path of field names (such as article or data.item)',
      'DELETE /articles/{slug}: x-admin.body has no use on a delete call',
    ]);
    expect(calls.add).toBeUndefined();
  });
});
