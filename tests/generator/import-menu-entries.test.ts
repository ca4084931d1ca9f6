// @vitest-environment node
/**
 * A source's menu group holds 99 entries (menu ids are the group's × 100 + sort). Nested
 * collections are opened from their parent's rows — generate gives them no menu entry — so they
 * must not take one of the 99: imported DigitalOcean (187 resources, 58 nested) spent 37 of its
 * numbers on nested ones, and 67 top-level screens had neither a menu entry nor a parent's row
 * to be opened from (issue 50: screens a person can reach). Past 99, the screens go on in the
 * source's continuation groups (generator/sources/menu-parts.ts).
 */
import { describe, expect, it } from 'vitest';
import { annotate } from '../../generator/import-openapi/annotate';
import { isJson, type Json } from '../../generator/json';

const ok = (schema: string, list: boolean): Json => {
  const ref = { $ref: `#/components/schemas/${schema}` };
  return {
    description: 'ok',
    content: { 'application/json': { schema: list ? { type: 'array', items: ref } : ref } },
  };
};

/**
 * `count` top-level collections (`/things1` …, each with its item path, tagged ThingN) and,
 * under each of the first ten, a nested collection of parts (`/thingsN/{thing_id}/parts`, of the
 * same tag), as DigitalOcean's Apps tag holds its apps and their deployments.
 */
function document(count: number): Json {
  const paths: Record<string, Json> = {};
  const schemas: Record<string, Json> = {};
  const record = {
    type: 'object',
    properties: { id: { type: 'integer' }, name: { type: 'string' } },
  };
  const get = (tag: string, schema: string, list: boolean): Json => ({
    get: { tags: [tag], responses: { '200': ok(schema, list) } },
  });
  for (let n = 1; n <= count; n += 1) {
    schemas[`Thing${n}`] = record;
    paths[`/things${n}`] = get(`Thing${n}`, `Thing${n}`, true);
    paths[`/things${n}/{thing_id}`] = get(`Thing${n}`, `Thing${n}`, false);
    if (n > 10) continue;
    schemas[`Part${n}`] = record;
    paths[`/things${n}/{thing_id}/parts`] = get(`Thing${n}`, `Part${n}`, true);
    paths[`/things${n}/{thing_id}/parts/{part_id}`] = get(`Thing${n}`, `Part${n}`, false);
  }
  return { openapi: '3.0.3', info: { title: 't', version: '1' }, paths, components: { schemas } };
}

/** Each screen's module x-admin. */
function modules(doc: Json): Json[] {
  const found: Json[] = [];
  for (const edit of annotate(doc, { name: 'src', title: 'Src', menuGroup: 'src' }).edits) {
    const { value } = edit;
    const admin = isJson(value) && isJson(value['x-admin']) ? value['x-admin'] : value;
    if (isJson(admin) && typeof admin.module === 'string') found.push(admin);
  }
  return found;
}

const sortOf = (admin: Json): number => (isJson(admin.menu) ? Number(admin.menu.sort) : 0);

describe('menu entries of a large source', () => {
  it('99 top-level screens all get an entry; the nested ones, opened from their parent, take none', () => {
    const screens = modules(document(99));
    const nested = screens.filter((admin) => isJson(admin.parent));
    const topLevel = screens.filter((admin) => !isJson(admin.parent));
    expect(nested).toHaveLength(10);
    expect(topLevel).toHaveLength(99);
    expect(nested.filter((admin) => admin.menu !== undefined)).toEqual([]);
    // Every top-level screen is in the menu, numbered 1–99 once each.
    expect(topLevel.map(sortOf).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 99 }, (_, i) => i + 1),
    );
  });

  it('past 99 top-level screens, the rest go on in a continuation group src2 (never a number past 99)', () => {
    const topLevel = modules(document(101)).filter((admin) => !isJson(admin.parent));
    const groupOf = (admin: Json): string => (isJson(admin.menu) ? String(admin.menu.group) : '');
    expect(topLevel.filter((admin) => groupOf(admin) === 'src').map(sortOf)).toHaveLength(99);
    const continued = topLevel.filter((admin) => groupOf(admin) === 'src2');
    expect(continued.map(sortOf)).toEqual([1, 2]);
    expect(topLevel.filter((admin) => !isJson(admin.menu))).toEqual([]);
  });
});
