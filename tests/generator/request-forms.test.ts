// @vitest-environment node
/**
 * Issue 50 items 3–4, the form side: an imported source's add and edit forms are built from the
 * request bodies (import-openapi → the source model generate renders), not the record's schema.
 * Minimal documents, one per shape: request ≠ response (NewArticle / UpdateArticle vs Article:
 * readOnly and server-set fields out, required marks and enums from each body, a writeOnly
 * password in the form but never a column), a `oneOf` body with a discriminator (a variant per
 * schema, labelled and sent with its value), an `allOf` body (merged), nullable fields
 * (`nullable: true`, `type: [x, "null"]`: never required).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { describe, expect, it, vi } from 'vitest';
import type { FieldDefinition } from '../../src/core/field-definition';
import { importOpenApi } from '../../generator/import-openapi';
import { isJson } from '../../generator/json';
import type { OpenApiDocument } from '../../generator/types';
import {
  renderSources,
  SOURCE_TEMPLATE_NAMES,
  type SourceTemplates,
} from '../../generator/sources/render-sources';
import { buildSources, type SourceModuleModel } from '../../generator/sources/source-model';
import { REPO, tempDir } from './helpers';

vi.setConfig({ testTimeout: 60_000 });

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const answer = (schema: unknown) => ({ '200': { description: 'ok', ...json(schema) } });
const idParam = (name: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string' },
});

/** A resource at /<plural> with list, add, info, edit and delete; bodies as given. */
function crudPaths(plural: string, entity: string, add: unknown, edit?: unknown) {
  const item = `/${plural}/{key}`;
  return {
    [`/${plural}`]: {
      get: {
        operationId: `list${entity}`,
        responses: answer({ type: 'array', items: ref(entity) }),
      },
      post: { operationId: `add${entity}`, requestBody: json(add), responses: answer(ref(entity)) },
    },
    [item]: {
      parameters: [idParam('key')],
      get: { operationId: `get${entity}`, responses: answer(ref(entity)) },
      ...(edit === undefined
        ? {}
        : {
            put: {
              operationId: `edit${entity}`,
              requestBody: json(edit),
              responses: answer(ref(entity)),
            },
          }),
      delete: { operationId: `delete${entity}`, responses: { '204': { description: 'gone' } } },
    },
  };
}

/** The document imported as source `demo`, then read by generate's source model. */
async function imported(
  document: object,
): Promise<{ modules: SourceModuleModel[]; files: Map<string, string> }> {
  const dir = await tempDir('request-forms');
  const file = path.join(dir, 'document.yaml');
  await writeFile(file, stringify(document));
  const contractDir = path.join(dir, 'openapi');
  await importOpenApi({ source: file, name: 'demo', contractDir });
  const label = 'sources/demo/openapi.yaml';
  const parsed: unknown = parse(await readFile(path.join(contractDir, label), 'utf8'));
  if (!isJson(parsed)) throw new Error('the import wrote no mapping');
  const problems: string[] = [];
  // The parsed file is an OpenAPI document (generate's load step reads it the same way).
  const source: OpenApiDocument = { paths: {}, components: {}, ...parsed };
  const models = buildSources([{ name: 'demo', label, document: source }], problems);
  expect(problems).toEqual([]);
  const templates = Object.fromEntries(
    await Promise.all(
      SOURCE_TEMPLATE_NAMES.map(async (name) => [
        name,
        await readFile(path.join(REPO, 'templates', name), 'utf8'),
      ]),
    ),
  ) as SourceTemplates;
  const files = new Map(renderSources(models, templates).map((f) => [f.path, f.content]));
  return { modules: models[0]?.modules ?? [], files };
}

const moduleOf = (modules: SourceModuleModel[], key: string) => {
  const found = modules.find((module) => module.key === key);
  if (!found) throw new Error(`no module ${key}: ${modules.map((m) => m.key).join(', ')}`);
  return found;
};

/** `name*` for a required field, `name#` for the (hidden) key: a form at a glance. */
const shape = (fields: readonly FieldDefinition[] | undefined) =>
  (fields ?? []).map(
    (f) =>
      `${f.cf_fieldname}${f.cf_validate === 'require' ? '*' : ''}${f.cf_ispri === 1 ? '#' : ''}`,
  );

/** A fresh schema each time: a shared object would be written as a YAML alias. */
const text = () => ({ type: 'string' });

describe('request ≠ response: NewArticle / UpdateArticle vs Article', () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 'Blog', version: '1' },
    paths: crudPaths('articles', 'Article', ref('NewArticle'), ref('UpdateArticle')),
    components: {
      schemas: {
        Article: {
          type: 'object',
          required: ['key', 'title', 'createdAt'],
          properties: {
            key: { type: 'string', readOnly: true },
            secret: { type: 'string', writeOnly: true },
            title: text(),
            body: text(),
            status: { type: 'string' },
            createdAt: { type: 'string', format: 'date-time' },
          },
        },
        NewArticle: {
          type: 'object',
          required: ['title', 'status', 'password'],
          properties: {
            title: text(),
            body: text(),
            status: { type: 'string', enum: ['draft', 'published'] },
            password: { type: 'string', writeOnly: true, title: 'Editor password' },
          },
        },
        UpdateArticle: {
          type: 'object',
          properties: { title: text(), body: text(), secret: text() },
        },
      },
    },
  };

  it('the add form is NewArticle’s, the edit form UpdateArticle’s; createdAt and the key are never edited', async () => {
    const { modules, files } = await imported(document);
    const articles = moduleOf(modules, 'demo-articles');
    expect(shape(articles.forms.addForm?.fields)).toEqual([
      'key#',
      'title*',
      'body',
      'status*',
      'password*',
    ]);
    expect(shape(articles.forms.editForm?.fields)).toEqual(['key#', 'title', 'body', 'secret']);
    // The request's enum is a select of its values.
    const status = articles.forms.addForm?.fields.find((f) => f.cf_fieldname === 'status');
    expect(status?.cf_control).toBe('select');
    expect(status?.optionData?.map((o) => o.value)).toEqual(['draft', 'published']);
    // The password is sent, never listed.
    const password = articles.forms.addForm?.fields.find((f) => f.cf_fieldname === 'password');
    expect(password?.cf_name).toBe('Editor password');
    expect(articles.fields.columns.map((c) => c.field)).not.toContain('password');
    expect(articles.fields.columns.map((c) => c.field)).toContain('createdAt');
    // A writeOnly field of the record is edited, never listed nor shown in the details.
    expect(articles.fields.columns.map((c) => c.field)).not.toContain('secret');
    expect(shape(articles.forms.shown)).toEqual(['key#', 'title*', 'body', 'status*']);
    const module = files.get('sources/demo/modules/articles.ts') ?? '';
    expect(module).toContain('addForm: {');
    expect(module).toContain('editForm: {');
  });

  it('one form where add and edit send the same body', async () => {
    const same = structuredClone(document);
    same.paths = crudPaths('articles', 'Article', ref('NewArticle'), ref('NewArticle'));
    const { modules, files } = await imported(same);
    const articles = moduleOf(modules, 'demo-articles');
    expect(articles.forms.addForm).toBeDefined();
    expect(articles.forms.editForm).toBeUndefined();
    expect(files.get('sources/demo/modules/articles.ts')).not.toContain('editForm');
  });
});

describe('a oneOf body with a discriminator: a variant picker', () => {
  const pet = (extra: object) => ({
    type: 'object',
    required: ['petType', 'name', ...Object.keys(extra)],
    properties: { petType: { type: 'string' }, name: text(), ...extra },
  });
  const document = {
    openapi: '3.0.3',
    info: { title: 'Pets', version: '1' },
    paths: crudPaths('pets', 'Pet', {
      oneOf: [ref('Cat'), ref('Dog')],
      discriminator: {
        propertyName: 'petType',
        mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' },
      },
    }),
    components: {
      schemas: {
        Pet: {
          type: 'object',
          properties: { key: { type: 'string', readOnly: true }, name: text(), petType: text() },
        },
        Cat: { title: 'A cat', ...pet({ lives: { type: 'integer' } }) },
        Dog: pet({ bark_volume: { type: 'integer' } }),
      },
    },
  };

  it('one variant per schema, labelled by its title or its name made readable, with its fields and discriminator value', async () => {
    const { modules, files } = await imported(document);
    const pets = moduleOf(modules, 'demo-pets');
    expect(pets.forms.addForm?.variants).toEqual([
      {
        label: 'A cat',
        fields: ['name', 'lives'],
        discriminator: { field: 'petType', value: 'cat' },
      },
      {
        label: 'Dog',
        fields: ['name', 'bark_volume'],
        discriminator: { field: 'petType', value: 'dog' },
      },
    ]);
    // Every variant's fields once; the discriminator is the picker's, not a field.
    expect(shape(pets.forms.addForm?.fields)).toEqual(['key#', 'name*', 'lives*', 'bark_volume*']);
    // A field only a variant has is labelled from the document like any other.
    expect(pets.forms.addForm?.fields.find((f) => f.cf_fieldname === 'bark_volume')?.cf_name).toBe(
      'Bark volume',
    );
    expect(files.get('sources/demo/modules/pets.ts')).toContain('"label":"A cat"');
  });
});

describe('an anyOf body of inline schemas, without a discriminator', () => {
  it('a variant per schema, unnamed (the picker numbers them), each with its own fields', async () => {
    const body = {
      anyOf: [
        { type: 'object', required: ['url'], properties: { url: text() } },
        {
          type: 'object',
          required: ['path'],
          properties: { path: text(), size: { type: 'integer' } },
        },
      ],
    };
    const { modules } = await imported({
      openapi: '3.1.0',
      info: { title: 'Files', version: '1' },
      paths: crudPaths('files', 'File', body),
      components: {
        schemas: {
          File: {
            type: 'object',
            properties: { key: { type: 'string', readOnly: true }, url: text() },
          },
        },
      },
    });
    const files = moduleOf(modules, 'demo-files');
    expect(files.forms.addForm?.variants).toEqual([
      { fields: ['url'] },
      { fields: ['path', 'size'] },
    ]);
    expect(shape(files.forms.addForm?.fields)).toEqual(['key#', 'url*', 'path*', 'size']);
  });
});

describe('allOf bodies merged; nullable fields optional', () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 'Things', version: '1' },
    paths: crudPaths('things', 'Thing', ref('NewThing'), ref('ThingPatch')),
    components: {
      schemas: {
        Named: { type: 'object', required: ['name'], properties: { name: text() } },
        Thing: {
          type: 'object',
          properties: {
            key: { type: 'string', readOnly: true },
            name: text(),
            size: { type: 'integer' },
            note: text(),
            colour: text(),
          },
        },
        NewThing: {
          allOf: [
            ref('Named'),
            {
              type: 'object',
              required: ['size', 'note'],
              properties: { size: { type: 'integer' }, note: { type: ['string', 'null'] } },
            },
          ],
        },
        ThingPatch: {
          type: 'object',
          required: ['colour'],
          properties: { colour: { type: 'string', nullable: true }, size: { type: 'integer' } },
        },
      },
    },
  };

  it('the allOf parts make one add form; a required but nullable field is not required', async () => {
    const { modules } = await imported(document);
    const things = moduleOf(modules, 'demo-things');
    expect(shape(things.forms.addForm?.fields)).toEqual(['key#', 'name*', 'size*', 'note']);
    expect(shape(things.forms.editForm?.fields)).toEqual(['key#', 'colour', 'size']);
  });

  it('the add and edit calls name the fields they take null for: emptied, those are sent as null', async () => {
    const { modules, files } = await imported(document);
    const things = moduleOf(modules, 'demo-things');
    expect(things.calls.add?.nullable).toEqual(['note']);
    expect(things.calls.edit?.nullable).toEqual(['colour']);
    expect(files.get('sources/demo/modules/things.ts')).toContain('"nullable":["colour"]');
  });
});
