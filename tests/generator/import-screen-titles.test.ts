// @vitest-environment node
/**
 * Screens a person can tell apart (issue 50 item 6/7): the imported DigitalOcean, listmonk and
 * Kratos documents gave two screens of one menu group the same title (`Keys` for SSH keys and
 * Spaces keys), and showed the list's paging parameters (`Page size`, `Page token`) as filters.
 */
import { describe, expect, it } from 'vitest';
import { annotate } from '../../generator/import-openapi/annotate';
import { isJson, type Json } from '../../generator/json';

type Query = { name: string; required?: boolean; schema?: Json };

/** A GET list and a POST add on `path`, whose records are `schema`. */
function collection(schema: string, query: Query[] = []): Json {
  const ref = { $ref: `#/components/schemas/${schema}` };
  return {
    get: {
      parameters: query.map((q) => ({ in: 'query', schema: { type: 'string' }, ...q })),
      responses: {
        '200': {
          description: 'ok',
          content: { 'application/json': { schema: { type: 'array', items: ref } } },
        },
      },
    },
    post: {
      requestBody: { content: { 'application/json': { schema: ref } } },
      responses: { '201': { description: 'ok' } },
    },
  };
}

/** A GET of one record on an item path, so that collections under it have a parent. */
function item(schema: string): Json {
  const ref = { $ref: `#/components/schemas/${schema}` };
  return {
    get: {
      responses: {
        '200': { description: 'ok', content: { 'application/json': { schema: ref } } },
      },
    },
  };
}

function record(): Json {
  return { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } };
}

function document(paths: Record<string, Json>): Json {
  const schemas: Record<string, Json> = {};
  for (const operations of Object.values(paths)) {
    const get = operations.get;
    const items = isJson(get) ? JSON.stringify(get) : '';
    const name = /#\/components\/schemas\/(\w+)/.exec(items)?.[1];
    if (name) schemas[name] = record();
  }
  return { openapi: '3.0.3', info: { title: 't', version: '1' }, paths, components: { schemas } };
}

/** The module x-admin of each screen the import makes: module key → what it says. */
function modules(doc: Json): Map<string, Json> {
  const found = new Map<string, Json>();
  for (const edit of annotate(doc, { name: 'src', title: 'Src', menuGroup: 'Src' }).edits) {
    const value = edit.value;
    const admin = isJson(value) && isJson(value['x-admin']) ? value['x-admin'] : value;
    if (isJson(admin) && typeof admin.module === 'string') found.set(admin.module, admin);
  }
  return found;
}

function titles(doc: Json): Record<string, unknown> {
  return Object.fromEntries([...modules(doc)].map(([key, admin]) => [key, admin.title]));
}

/** The x-admin of the list call on `path`. */
function listAdmin(doc: Json, path: string): Json {
  const edit = annotate(doc, { name: 'src', title: 'Src', menuGroup: 'Src' }).edits.find(
    (e) => e.at[0] === 'paths' && e.at[1] === path && e.at[2] === 'get' && e.at[3] === 'x-admin',
  );
  return isJson(edit?.value) ? edit.value : {};
}

/** The filter names of the list call on `path`. */
function filtersOf(doc: Json, path: string): unknown[] {
  const filters: unknown = listAdmin(doc, path).filters;
  return Array.isArray(filters)
    ? filters.map((filter: unknown) => (isJson(filter) ? filter.name : filter))
    : [];
}

describe('screen titles unique within a source', () => {
  it('two collections ending in one name are qualified by the segment before it', () => {
    const doc = document({
      '/v2/account/keys': collection('SshKey'),
      '/v2/spaces/keys': collection('SpacesKey'),
      '/v2/droplets': collection('Droplet'),
    });
    expect(titles(doc)).toEqual({
      'account-keys': 'Keys（Account）',
      'spaces-keys': 'Keys（Spaces）',
      droplets: 'Droplets',
    });
  });

  it('a top-level collection keeps its plain name; a nested one is named after its parent', () => {
    const doc = document({
      '/sessions': collection('Session'),
      '/admin/sessions': collection('AdminSession'),
      '/admin/identities/{id}/sessions': collection('IdentitySession'),
      '/admin/identities': collection('Identity'),
      '/admin/identities/{id}': item('Identity'),
    });
    expect(titles(doc)).toMatchObject({
      sessions: 'Sessions',
      'admin-sessions': 'Sessions（Admin）',
      'admin-identities-sessions': 'Sessions（Identities）',
      'admin-identities': 'Identities',
    });
  });

  it('paths whose names differ only by a parameter are told apart by the path', () => {
    const doc = document({
      // DigitalOcean's: snapshots of every volume, looked up one at a time.
      '/v2/volumes/snapshots/{snapshot_id}': item('VolumeSnapshot'),
      '/v2/volumes/{volume_id}/snapshots': collection('VolumeSnapshotOf'),
      '/v2/volumes': collection('Volume'),
      '/v2/volumes/{volume_id}': item('Volume'),
    });
    const shown = Object.values(titles(doc));
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown).toContain('Snapshots（Volumes）');
    expect(shown).toContain('Snapshots（volumes/{volume_id}）');
  });
});

describe('paging parameters are never filters', () => {
  it('page_size and page_token beside page/per_page: paging, not filters', () => {
    const doc = document({
      '/admin/identities': collection('Identity', [
        { name: 'per_page', schema: { type: 'integer' } },
        { name: 'page', schema: { type: 'integer' } },
        { name: 'page_size', schema: { type: 'integer' } },
        { name: 'page_token' },
        { name: 'credentials_identifier' },
      ]),
    });
    expect(filtersOf(doc, '/admin/identities')).toEqual(['credentials_identifier']);
  });

  it('a cursor list whose size is page_size: neither is a filter', () => {
    const doc = document({
      '/sessions': collection('Session', [
        { name: 'page_size', schema: { type: 'integer' } },
        { name: 'page_token' },
        { name: 'active', schema: { type: 'boolean' } },
      ]),
    });
    expect(filtersOf(doc, '/sessions')).toEqual(['active']);
    expect(listAdmin(doc, '/sessions').pagination).toEqual({
      style: 'cursor',
      cursor: 'page_token',
      limit: 'page_size',
    });
  });

  it('before/after cursors and a limit are paging', () => {
    const doc = document({
      '/events': collection('Event', [
        { name: 'after' },
        { name: 'before' },
        { name: 'limit', schema: { type: 'integer' } },
        { name: 'kind' },
      ]),
    });
    expect(filtersOf(doc, '/events')).toEqual(['kind']);
  });
});
