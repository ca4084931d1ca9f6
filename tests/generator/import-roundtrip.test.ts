// @vitest-environment node
/**
 * No silent loss between `import-openapi` and `generate`: every document of the fixtures (and the
 * real documents under tests/fixtures/openapi/real/) imports into a copy of the contract and
 * generates there, every resource the import reports becomes a screen, every operation is mapped
 * or reported. And what generate cannot honour stops it, naming the file and the pointer: a root
 * `x-admin.modules`, a capability no module claims, orval failing on the document.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { describe, expect, it, vi } from 'vitest';
import { generate, ModelError } from '../../generator';
import { importOpenApi } from '../../generator/import-openapi';
import { isJson, type Json } from '../../generator/json';
import { copyFixture, FIXTURES } from './helpers';

vi.setConfig({ testTimeout: 180_000 });

const DOCUMENTS = path.join(FIXTURES, 'openapi');

/** Every whole document (a file with an `openapi` key) of the fixtures and the real ones. */
async function documents(): Promise<string[]> {
  const found: string[] = [];
  for (const folder of [DOCUMENTS, path.join(DOCUMENTS, 'real')]) {
    const names = await readdir(folder).catch(() => []);
    for (const name of names.filter((n) => /\.(ya?ml|json)$/.test(n)).sort()) {
      const text = await readFile(path.join(folder, name), 'utf8');
      if (/^\s*"?openapi"?\s*:/m.test(text)) found.push(path.join(folder, name));
    }
  }
  return found;
}

/** Imports `source` into a copy of the basic contract and generates it in memory. */
async function roundTrip(source: string, name: string) {
  const dir = await copyFixture('basic');
  const contractDir = path.join(dir, 'openapi');
  const imported = await importOpenApi({ source, name, contractDir });
  const generated = await generate({
    contractDir,
    outDir: path.join(dir, 'generated'),
    mode: 'dry-run',
  });
  const pages = generated.files.filter((f) => f.path.startsWith(`sources/${name}/pages/`));
  return { imported, generated, pages, contractDir };
}

/** Writes a document to a temp folder and returns its path. */
async function documentFile(document: Json): Promise<string> {
  const dir = await copyFixture('basic');
  const file = path.join(dir, 'api.yaml');
  await writeFile(file, stringify(document));
  return file;
}

const json = (schema: Json) => ({ 'application/json': { schema } });
const ok = (schema: Json) => ({ '200': { description: 'ok', content: json(schema) } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A small untagged API: widgets (a plain list) and gadgets (a wrapped page with a total). */
const UNTAGGED: Json = {
  openapi: '3.0.3',
  info: { title: 'Untagged', version: '1' },
  paths: {
    '/widgets': {
      get: { operationId: 'listWidgets', responses: ok({ type: 'array', items: ref('Widget') }) },
      post: {
        operationId: 'addWidget',
        requestBody: { content: json(ref('Widget')) },
        responses: ok(ref('Widget')),
      },
    },
    '/widgets/{widgetId}': {
      parameters: [{ name: 'widgetId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { operationId: 'getWidget', responses: ok(ref('Widget')) },
      delete: { operationId: 'deleteWidget', responses: { '204': { description: 'gone' } } },
    },
    '/gadgets': {
      get: {
        operationId: 'listGadgets',
        responses: ok({
          type: 'object',
          properties: {
            data: {
              type: 'object',
              properties: {
                results: { type: 'array', items: ref('Gadget') },
                total: { type: 'integer' },
              },
            },
          },
        }),
      },
      post: {
        operationId: 'addGadget',
        requestBody: { content: json({ type: 'object', properties: { gadget: ref('Gadget') } }) },
        responses: ok({ type: 'object', properties: { gadget: ref('Gadget') } }),
      },
    },
    '/gadgets/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'getGadget',
        responses: ok({ type: 'object', properties: { gadget: ref('Gadget') } }),
      },
    },
  },
  components: {
    schemas: {
      Widget: {
        type: 'object',
        required: ['name'],
        properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } },
      },
      Gadget: {
        type: 'object',
        properties: { id: { type: 'string' }, label: { type: 'string' } },
      },
    },
  },
};

function operationAdmin(document: unknown, at: string, method: string): Json {
  const paths = isJson(document) && isJson(document.paths) ? document.paths : {};
  const item = isJson(paths[at]) ? paths[at] : {};
  const operation = isJson(item[method]) ? item[method] : {};
  return isJson(operation['x-admin']) ? operation['x-admin'] : {};
}

/** Records as real documents write them: inline, a union of variants, a request ≠ the record. */
const SHAPES: Json = {
  openapi: '3.1.0',
  info: { title: 'Shapes', version: '1' },
  paths: {
    '/notes': {
      get: {
        responses: ok({
          type: 'array',
          items: {
            type: 'object',
            properties: { noteId: { type: 'string' }, text: { type: ['string', 'null'] } },
          },
        }),
      },
    },
    '/notes/{noteId}': {
      get: {
        parameters: [{ name: 'noteId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: ok({
          type: 'object',
          properties: { noteId: { type: 'string' }, text: { type: ['string', 'null'] } },
        }),
      },
    },
    '/pets': {
      get: {
        responses: ok({ type: 'array', items: { oneOf: [ref('Cat'), ref('Dog')] } }),
      },
    },
    '/items': {
      get: { responses: ok({ type: 'array', items: ref('Item') }) },
      post: { requestBody: { content: json(ref('NewItem')) }, responses: ok(ref('Item')) },
    },
    '/items/{itemId}': {
      get: {
        parameters: [{ name: 'itemId', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: ok(ref('Item')),
      },
    },
  },
  components: {
    schemas: {
      Cat: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          purrs: { type: 'boolean' },
        },
      },
      Dog: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          barks: { type: 'boolean' },
        },
      },
      Item: {
        type: 'object',
        required: ['id', 'created_at', 'name', 'kind'],
        properties: {
          id: { type: 'integer' },
          created_at: { type: 'string', format: 'date-time' },
          name: { type: 'string' },
          kind: { type: 'string' },
        },
      },
      NewItem: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', title: '名称' },
          kind: { type: 'string', enum: ['small', 'large'] },
        },
      },
    },
  },
};

/** The x-admin of a property of a components.schemas entry of a written document. */
function fieldAdmin(document: unknown, schema: string, property: string): Json {
  const schemas =
    isJson(document) && isJson(document.components) && isJson(document.components.schemas)
      ? document.components.schemas
      : {};
  const entry = isJson(schemas[schema]) ? schemas[schema] : {};
  const properties = isJson(entry.properties) ? entry.properties : {};
  const field = isJson(properties[property]) ? properties[property] : {};
  return isJson(field['x-admin']) ? field['x-admin'] : {};
}

/** Every document a round trip is run on, known when the tests are collected. */
const files = await documents();

describe('import-openapi → generate round trip', () => {
  it.each(files.map((file, index) => [path.relative(FIXTURES, file), file, `doc-${index + 1}`]))(
    '%s: generate accepts what the import wrote, a screen per resource, every operation accounted for',
    async (_shown, file, name) => {
      const { imported, pages } = await roundTrip(file, name);
      const { summary } = imported.report;
      expect(pages.length).toBe(summary.resources);
      expect(summary.mapped + summary.leftOut).toBe(summary.operations);
    },
    600_000,
  );

  it('an untagged document: each resource gets a tag of its own and a screen', async () => {
    const { imported, pages, contractDir } = await roundTrip(
      await documentFile(UNTAGGED),
      'untagged',
    );
    expect(imported.report.annotation.resources.map((r) => r.key)).toEqual(['widgets', 'gadgets']);
    expect(pages.map((p) => p.path).sort()).toEqual([
      'sources/untagged/pages/gadgets-page.tsx',
      'sources/untagged/pages/widgets-page.tsx',
    ]);
    expect(imported.reportText).toContain(
      'resource widgets: its operations have no tag — tag widgets added for its module, first on each of its operations',
    );
    const written: unknown = parse(
      await readFile(path.join(contractDir, 'sources/untagged/openapi.yaml'), 'utf8'),
    );
    expect(isJson(written) && written['x-admin']).toEqual({ source: expect.any(Object) });
  });

  it('envelopes: rows and total inside a wrapper, one record and the request body wrapped', async () => {
    const { contractDir } = await roundTrip(await documentFile(UNTAGGED), 'envelopes');
    const written: unknown = parse(
      await readFile(path.join(contractDir, 'sources/envelopes/openapi.yaml'), 'utf8'),
    );
    expect(operationAdmin(written, '/gadgets', 'get')).toMatchObject({
      capability: 'list',
      items: 'data.results',
      total: { in: 'body', field: 'data.total' },
    });
    expect(operationAdmin(written, '/gadgets/{id}', 'get')).toMatchObject({
      capability: 'info',
      record: 'gadget',
    });
    expect(operationAdmin(written, '/gadgets', 'post')).toMatchObject({
      capability: 'add',
      record: 'gadget',
      body: 'gadget',
    });
    // A body that is the record itself carries neither key.
    expect(operationAdmin(written, '/widgets', 'post')).not.toHaveProperty('body');
    expect(operationAdmin(written, '/widgets', 'post')).not.toHaveProperty('record');
  });

  it('inline records are named, a union lists its common fields, the form follows the request body', async () => {
    const { imported, pages, contractDir } = await roundTrip(await documentFile(SHAPES), 'shapes');
    expect(imported.report.annotation.resources.map((r) => [r.key, r.entity])).toEqual([
      ['notes', 'Notes'],
      ['items', 'Item'],
      ['pets', 'Pets'],
    ]);
    expect(pages).toHaveLength(3);
    const written: unknown = parse(
      await readFile(path.join(contractDir, 'sources/shapes/openapi.yaml'), 'utf8'),
    );
    // The union's common fields (id, name), not one variant's (purrs, barks).
    expect(fieldAdmin(written, 'Pets', 'name')).toMatchObject({ label: 'Name' });
    expect(fieldAdmin(written, 'Pets', 'purrs')).toEqual({});
    expect(fieldAdmin(written, 'Notes', 'text')).toMatchObject({ label: 'Text', control: 'input' });
    // Item's form is NewItem's: created_at is shown, not edited; kind a select of its values;
    // name required with NewItem's title.
    expect(fieldAdmin(written, 'Item', 'created_at')).toMatchObject({ form: false });
    expect(fieldAdmin(written, 'Item', 'created_at')).not.toHaveProperty('required');
    expect(fieldAdmin(written, 'Item', 'kind')).toMatchObject({
      control: 'select',
      options: [
        { label: 'small', value: 'small' },
        { label: 'large', value: 'large' },
      ],
    });
    expect(fieldAdmin(written, 'Item', 'kind')).not.toHaveProperty('required');
    expect(fieldAdmin(written, 'Item', 'name')).toMatchObject({ label: '名称', required: true });
    expect(imported.reportText).toContain(
      'Item.created_at: not in the request body NewItem — shown, not edited',
    );
  });

  it('a nested collection whose parent is no listed resource is reported, not written half', async () => {
    const document: Json = structuredClone(UNTAGGED);
    const paths = isJson(document.paths) ? document.paths : {};
    paths['/owners/{ownerId}/widgets'] = {
      parameters: [{ name: 'ownerId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { operationId: 'ownerWidgets', responses: ok({ type: 'array', items: ref('Widget') }) },
    };
    const { imported } = await roundTrip(await documentFile(document), 'nested');
    expect(imported.reportText).toContain(
      'GET /owners/{ownerId}/widgets: resource /owners/{ownerId}/widgets is nested, and no resource lists the records its path parameter {ownerId} names — left out',
    );
  });

  it('generate refuses a root x-admin.modules and a capability no module claims, naming file and pointer', async () => {
    const { contractDir } = await roundTrip(await documentFile(UNTAGGED), 'refused');
    const file = path.join(contractDir, 'sources/refused/openapi.yaml');
    const written: unknown = parse(await readFile(file, 'utf8'));
    if (!isJson(written) || !isJson(written['x-admin']) || !Array.isArray(written.tags))
      throw new Error('no x-admin written');
    written['x-admin'].modules = [{ module: 'widgets', entity: 'Widget' }];
    written.tags = written.tags.filter((tag) => !(isJson(tag) && tag.name === 'gadgets'));
    const remove = operationAdmin(written, '/widgets/{widgetId}', 'delete');
    remove.capability = 'remove';
    await writeFile(file, stringify(written));
    const run = generate({
      contractDir,
      outDir: path.join(path.dirname(contractDir), 'generated'),
      mode: 'dry-run',
    });
    await expect(run).rejects.toBeInstanceOf(ModelError);
    const error: unknown = await run.catch((e: unknown) => e);
    const problems = error instanceof ModelError ? error.problems : [];
    expect(problems).toContain(
      "sources/refused/openapi.yaml#/x-admin/modules: generate reads only x-admin.source at the root (a module goes on its tag's x-admin; import the document again with --force)",
    );
    expect(problems).toContain(
      'sources/refused/openapi.yaml#/paths/~1gadgets/get/x-admin: capability "list" belongs to no module (none of its tags has an x-admin module)',
    );
    expect(problems).toContain(
      'sources/refused/openapi.yaml#/paths/~1widgets~1{widgetId}/delete/x-admin: capability "remove" is not one of list, info, add, edit, delete',
    );
  });

  it('what orval trips over in published documents is worked around: a union-typed shared parameter, schemas differing only in case', async () => {
    const document: Json = structuredClone(UNTAGGED);
    const paths = isJson(document.paths) ? document.paths : {};
    const item = isJson(paths['/widgets/{widgetId}']) ? paths['/widgets/{widgetId}'] : {};
    item.parameters = [{ $ref: '#/components/parameters/widgetKey' }];
    const schemas =
      isJson(document.components) && isJson(document.components.schemas)
        ? document.components.schemas
        : {};
    schemas.widget_id = { type: 'integer' };
    schemas.widgetId = { type: 'string' };
    schemas.WidgetId = { type: 'string', format: 'uuid' };
    document.components = {
      schemas,
      parameters: {
        widgetKey: {
          name: 'widgetId',
          in: 'path',
          required: true,
          schema: { anyOf: [ref('widget_id'), ref('WidgetId')] },
        },
      },
    };
    const { generated } = await roundTrip(await documentFile(document), 'tripped');
    const hooks = generated.files.find((f) => f.path === 'sources/tripped/api/widgets/widgets.ts');
    expect(hooks?.content).toContain('export const getWidget = ');
    expect(hooks?.content).toContain('widgetId: WidgetId | WidgetId3');
    const models = generated.files
      .map((f) => f.path)
      .filter((p) => /^sources\/tripped\/api\/model\/widgetId\d*\.ts$/.test(p));
    expect(models.sort()).toEqual([
      'sources/tripped/api/model/widgetId.ts',
      'sources/tripped/api/model/widgetId2.ts',
      'sources/tripped/api/model/widgetId3.ts',
    ]);
  });

  it('generate fails, naming the source, when orval fails on its document', async () => {
    const { contractDir } = await roundTrip(await documentFile(UNTAGGED), 'broken');
    const file = path.join(contractDir, 'sources/broken/openapi.yaml');
    const written: unknown = parse(await readFile(file, 'utf8'));
    const schemas =
      isJson(written) && isJson(written.components) && isJson(written.components.schemas)
        ? written.components.schemas
        : {};
    // Numbers where orval expects names: it crashes inside and only logs it.
    const widget = isJson(schemas.Widget) ? schemas.Widget : {};
    if (isJson(widget.properties))
      widget.properties.level = { type: 'integer', enum: [1, 2], 'x-enum-varnames': [1, 2] };
    await writeFile(file, stringify(written));
    const run = generate({
      contractDir,
      outDir: path.join(path.dirname(contractDir), 'generated'),
      mode: 'dry-run',
    });
    await expect(run).rejects.toThrow(
      /^x-admin has 1 problem\(s\):\n {2}- sources\/broken\/openapi\.yaml#\/components\/schemas\/Widget\/properties\/level\/x-enum-varnames: orval: orval failed: /,
    );
  });
});
