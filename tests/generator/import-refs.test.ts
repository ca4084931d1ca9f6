// @vitest-environment node
/**
 * What `import-openapi` reads of a document besides its operations: `$ref`s stay inside the
 * document's folder (exit 3 naming file and pointer otherwise), a remote `$ref` only with
 * --allow-remote-refs, a `$ref` loop is refused with its pointers (exit 3, not an internal
 * error) while a recursive schema imports; published documents' schema slips are read past and
 * reported; each resource's key comes with its reason, labels read as words.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';
import { describe, expect, it, vi } from 'vitest';
import { importOpenApi } from '../../generator/import-openapi';
import type { Json } from '../../generator/json';
import { runCli, tempDir } from './helpers';

vi.setConfig({ testTimeout: 120_000 });

const json = (schema: Json) => ({ 'application/json': { schema } });
const ok = (schema: Json) => ({ '200': { description: 'ok', content: json(schema) } });
const NODE = { $ref: '#/components/schemas/Node' };

/** A tree API whose Node refers to itself; `children` replaced by the test's own value. */
function tree(children: Json, extra: Json = {}): Json {
  return {
    openapi: '3.0.3',
    info: { title: 'Tree', version: '1' },
    paths: {
      '/nodes': { get: { responses: ok({ type: 'array', items: NODE }) } },
      '/nodes/{nodeId}': {
        get: {
          parameters: [{ name: 'nodeId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: ok(NODE),
        },
      },
    },
    components: {
      schemas: {
        Node: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            display_name: { type: 'string', description: 'The name shown. Any text.' },
            parent: NODE,
            children,
          },
        },
        ...extra,
      },
    },
  };
}

/** Writes `document` as `<dir>/api/api.yaml` and returns the dir (the CLI's working folder). */
async function folderWith(document: Json): Promise<string> {
  const dir = await tempDir('import-refs');
  await mkdir(path.join(dir, 'api'), { recursive: true });
  await writeFile(path.join(dir, 'api/api.yaml'), stringify(document));
  await writeFile(path.join(dir, 'outside.yaml'), stringify({ Secret: { type: 'object' } }));
  return dir;
}

describe('import-openapi: $refs', () => {
  const OUT = "leads out of the document's folder: refused (copy the file beside the document)";
  it.each([
    ['../outside.yaml#/Secret', OUT],
    ['/etc/hostname', OUT],
    [
      'http://127.0.0.1:9/schemas.yaml#/Secret',
      'is remote: refused (--allow-remote-refs follows it)',
    ],
  ])('a $ref to %s is refused with exit 3, naming file and pointer', async (ref, why) => {
    const dir = await folderWith(tree({ $ref: ref }));
    const result = runCli(['import-openapi', 'api/api.yaml', '--name', 'tree'], dir);
    expect(result.code).toBe(3);
    expect(result.stderr.trim()).toBe(
      `api/api.yaml #/components/schemas/Node/properties/children: $ref ${JSON.stringify(ref)} ${why}`,
    );
  });

  it('a $ref loop is refused with exit 3 and its pointers, not an internal error', async () => {
    const dir = await folderWith(
      tree(
        { type: 'array', items: NODE },
        {
          Loop: { $ref: '#/components/schemas/Back' },
          Back: { $ref: '#/components/schemas/Loop' },
        },
      ),
    );
    const result = runCli(['import-openapi', 'api/api.yaml', '--name', 'tree'], dir);
    expect(result.code).toBe(3);
    expect(result.stderr.trim()).toBe(
      'api/api.yaml #/components/schemas/Loop: $ref loop #/components/schemas/Back → #/components/schemas/Loop → #/components/schemas/Back: it names no schema',
    );
  });

  it('a recursive schema imports: its key with the reason, labels as words, slips read past', async () => {
    const dir = await folderWith(
      tree({ type: 'array', items: NODE }, { Odd: { nullable: true, description: 'no type' } }),
    );
    const result = await importOpenApi({
      source: path.join(dir, 'api/api.yaml'),
      name: 'tree',
      contractDir: path.join(dir, 'openapi'),
    });
    expect(result.report.annotation.resources.map((r) => r.key)).toEqual(['nodes']);
    expect(result.reportText).toContain(
      'resource nodes: key id — path parameter {nodeId} ends in id, a field of Node',
    );
    expect(result.reportText).toMatch(
      /read past \(the document's own slips, 1\):\n {2}\S*api\.yaml #\/components\/schemas\/Odd\/nullable: The `type` field must be defined when the `nullable` field is used\./,
    );
    const written = await readFile(path.join(dir, 'openapi/sources/tree/openapi.yaml'), 'utf8');
    // The first sentence of the description, else the name as words.
    expect(written).toContain('label: The name shown');
    expect(written).toContain('label: Children');
  });
});
