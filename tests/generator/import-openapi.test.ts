// @vitest-environment node
/**
 * `cli import-openapi`: an arbitrary OpenAPI 3 document → an annotated copy under
 * openapi/sources/<name>/ with a report. Petstore (the public document) and a second document of
 * another style (offset/limit paging, problem+json, a bearer token, $refs across files) are
 * imported in-process; the CLI's exit codes and --json are checked by spawning it.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SchemaObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse, stringify } from 'yaml';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { syntheticDocument } from '../../generator/bench/synthetic-openapi';
import { importOpenApi, type ImportOpenApiResult } from '../../generator/import-openapi';
import { isJson, type Json } from '../../generator/json';
import { FIXTURES, REPO, runCli, tempDir } from './helpers';

vi.setConfig({ testTimeout: 120_000 });

const PETSTORE = path.join(FIXTURES, 'openapi/petstore.yaml');
const LIBRARY = path.join(FIXTURES, 'openapi/library.yaml');
const MUSEUM = path.join(FIXTURES, 'openapi/museum.yaml');

/** The value at a path of a parsed document (keys and array indexes). */
function at(value: unknown, ...keys: (string | number)[]): unknown {
  return keys.reduce<unknown>(
    (node, key) =>
      Array.isArray(node) ? node[Number(key)] : isJson(node) ? node[String(key)] : undefined,
    value,
  );
}

/** A copy without any x-admin key: what the import must leave as it was. */
function withoutAdmin(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutAdmin);
  if (!isJson(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'x-admin')
      .map(([key, item]) => [key, withoutAdmin(item)]),
  );
}

async function parsedFile(file: string): Promise<Json> {
  const parsed: unknown = parse(await readFile(file, 'utf8'));
  if (!isJson(parsed)) throw new Error(`${file} is not a mapping`);
  return parsed;
}

describe('Petstore (OpenAPI 3.0, the public document)', () => {
  let result: ImportOpenApiResult;
  let written: Json;
  beforeAll(async () => {
    const dir = await tempDir('import-petstore');
    result = await importOpenApi({
      source: PETSTORE,
      name: 'petstore',
      title: '宠物商店',
      contractDir: path.join(dir, 'openapi'),
    });
    written = await parsedFile(result.written.document);
  });

  it('finds pet, store order and user with their capabilities', () => {
    const resources = result.report.annotation.resources.map((r) => [
      r.key,
      r.entity,
      r.capabilities,
    ]);
    expect(resources).toEqual([
      ['pet', 'Pet', ['list (GET /pet/findByStatus)', 'info', 'add', 'edit (PUT /pet)', 'delete']],
      ['store-order', 'Order', ['info', 'add', 'delete']],
      ['user', 'User', ['info', 'add', 'edit', 'delete']],
    ]);
    const pet = at(written, 'tags', 0, 'x-admin');
    expect(pet).toMatchObject({
      module: 'pet',
      route: '/petstore/pet',
      entity: 'Pet',
      primaryKey: 'id',
      capabilities: ['list', 'info', 'add', 'edit', 'delete'],
    });
    expect(at(written, 'tags', 2, 'x-admin', 'primaryKey')).toBe('username');
    expect(at(written, 'x-admin', 'source')).toMatchObject({
      name: 'petstore',
      title: '宠物商店',
      conventions: 'rest',
    });
  });

  it('lists by status: findByStatus is the list, status a filter and a select of its values', () => {
    const list = at(written, 'paths', '/pet/findByStatus', 'get', 'x-admin');
    expect(list).toMatchObject({
      capability: 'list',
      access: 'read',
      pagination: { style: 'none' },
      total: { in: 'client' },
      filters: [{ name: 'status', control: 'select', default: 'available' }],
    });
    const status = at(written, 'components', 'schemas', 'Pet', 'properties', 'status', 'x-admin');
    expect(status).toMatchObject({
      control: 'select',
      search: 'filter',
      source: 'STATIC',
      options: ['available', 'pending', 'sold'].map((value) => ({ label: value, value })),
    });
  });

  it('name is required with the form engine message; category a select of the categories the pets have (no categories resource)', () => {
    const name = at(written, 'components', 'schemas', 'Pet', 'properties', 'name', 'x-admin');
    expect(name).toMatchObject({
      required: true,
      rules: [{ required: true, message: '请输入Name' }],
    });
    const category = at(
      written,
      'components',
      'schemas',
      'Pet',
      'properties',
      'category',
      'x-admin',
    );
    expect(category).toMatchObject({
      control: 'select',
      optionsFrom: { resource: 'pet', field: 'category', value: 'id', label: 'name' },
    });
    expect(result.report.annotation.notes).toContain(
      'Pet.category: references Category, which no path lists — a select of the Category values found in the pet list (edit x-admin to a grouped sub-form to type new ones)',
    );
  });

  it('maps the other operations to actions and reports what it leaves out, one line each', () => {
    const upload = at(written, 'paths', '/pet/{petId}/uploadImage', 'post', 'x-admin');
    expect(upload).toMatchObject({
      action: 'row',
      permission: 'PETSTORE_PET_UPLOADFILE',
      fields: [
        { name: 'additionalMetadata', in: 'query' },
        { name: 'file', control: 'UploadFile' },
      ],
    });
    const report = result.reportText;
    console.log(report);
    for (const line of [
      'POST /user/createWithList: body is an array — left out',
      "GET /user/login: a sign-in/sign-out call: the source's auth comes from its securitySchemes — left out",
      "securitySchemes.petstore_auth.flows.implicit: the oauth2 implicit flow needs the provider's sign-in page in a browser redirect, which the back-office does not do (client-credentials and password flows with a tokenUrl are supported) — left out",
    ])
      expect(report).toContain(line);
    expect(result.report.summary).toEqual({
      resources: 3,
      operations: 19,
      // findPetsByTags and updatePetWithForm are buttons; uploadFile (a file) and getInventory
      // (store-order has no list: a lookup screen shows no action buttons) stay left out.
      mapped: 14,
      capabilities: 12,
      actions: 2,
      leftOut: 5,
    });
  });

  it('writes YAML that parses back to the document as published plus x-admin keys only', async () => {
    const original = await parsedFile(PETSTORE);
    expect(withoutAdmin(written)).toEqual(original);
    const text = await readFile(result.written.document, 'utf8');
    expect(text).toContain('# The public Swagger Petstore OpenAPI 3 document, verbatim');
    expect(await readFile(result.written.report, 'utf8')).toBe(result.reportText);
  });
});

describe('a published OpenAPI 3.1 document: the Redocly Museum API', () => {
  let result: ImportOpenApiResult;
  let written: Json;
  beforeAll(async () => {
    const dir = await tempDir('import-museum');
    const contractDir = path.join(dir, 'openapi');
    // Two sources already hold menu ids 90 and 91: the new one takes the next free id.
    for (const [name, id] of [
      ['one', 90],
      ['two', 91],
    ] as const) {
      await mkdir(path.join(contractDir, 'sources', name), { recursive: true });
      await writeFile(
        path.join(contractDir, 'sources', name, 'openapi.yaml'),
        `openapi: 3.1.0\nx-admin:\n  source: { name: ${name}, menuId: ${id} }\n`,
      );
    }
    result = await importOpenApi({ source: MUSEUM, name: 'museum', contractDir });
    written = await parsedFile(result.written.document);
  });

  it('finds the events with every capability and the opening hours as a list', () => {
    expect(result.report.annotation.resources.map((r) => [r.key, r.capabilities])).toEqual([
      ['special-events', ['list', 'info', 'add', 'edit', 'delete']],
      ['museum-hours', ['list']],
    ]);
    expect(at(written, 'paths', '/special-events', 'get', 'x-admin')).toMatchObject({
      pagination: { style: 'page', page: 'page', size: 'limit' },
      total: { in: 'client' },
    });
  });

  it('basic auth and problem+json from the document; its own menu id', () => {
    expect(at(written, 'x-admin', 'source')).toMatchObject({
      errors: 'problem+json',
      auth: [{ scheme: 'MuseumPlaceholderAuth', type: 'basic' }],
      menuId: 92,
    });
  });

  it('a list of dates is edited one per line; tickets are reported as left out', () => {
    expect(result.reportText).toContain(
      'SpecialEventResponse.dates: a list of Date (date) — edited one per line',
    );
    expect(result.reportText).toContain(
      'GET /tickets/{ticketId}/qr: no resource path, and no tag with one resource, to attach it to — left out',
    );
  });
});

describe('a second style: offset/limit, problem+json, bearer, $refs across files', () => {
  let result: ImportOpenApiResult;
  let written: Json;
  beforeAll(async () => {
    const dir = await tempDir('import-library');
    result = await importOpenApi({
      source: LIBRARY,
      name: 'library',
      contractDir: path.join(dir, 'openapi'),
    });
    written = await parsedFile(result.written.document);
  });

  it('detects offset/limit paging, the total, filters, keyword and sort', () => {
    expect(at(written, 'paths', '/books', 'get', 'x-admin')).toMatchObject({
      capability: 'list',
      pagination: { style: 'offset', offset: 'offset', limit: 'limit' },
      total: { in: 'body', field: 'total' },
      items: 'items',
      keyword: 'q',
      sort: { param: 'sort', fields: ['title', 'published'] },
      filters: [
        { name: 'genre', control: 'select' },
        { name: 'available', control: 'Switch' },
      ],
    });
    expect(at(written, 'paths', '/books/{isbn}/reviews', 'get', 'x-admin', 'total')).toEqual({
      in: 'header',
      name: 'X-Total-Count',
    });
  });

  it('marks the source rest with problem+json errors and a bearer token', () => {
    expect(at(written, 'x-admin', 'source')).toMatchObject({
      conventions: 'rest',
      errors: 'problem+json',
      auth: [{ scheme: 'bearerAuth', type: 'bearer' }],
    });
  });

  it('infers controls from formats, enums, references and readOnly', () => {
    const field = (name: string) =>
      at(written, 'components', 'schemas', 'Book', 'properties', name, 'x-admin');
    expect(field('author')).toMatchObject({
      control: 'select',
      optionsFrom: { resource: 'authors', value: 'id', label: 'name' },
    });
    expect(field('keywords')).toMatchObject({ control: 'selectAll', source: 'STATIC' });
    expect(field('published')).toMatchObject({ control: 'DatePicker' });
    expect(field('opensAt')).toMatchObject({ control: 'TimePicker' });
    expect(field('createdAt')).toMatchObject({ control: 'DateTimePicker', form: false });
    expect(field('available')).toMatchObject({ control: 'Switch', default: true });
    expect(field('pages')).toMatchObject({
      control: 'InputNumber',
      params: { min: 1, max: 10000, step: 1, precision: 0 },
      rules: [
        { min: 1, message: 'Pages不能小于1' },
        { max: 10000, message: 'Pages不能大于10000' },
      ],
    });
    expect(field('title')).toMatchObject({
      rules: [{ required: true }, { max: 200, message: 'Title最多200个字符' }],
    });
    expect(field('isbn')).toMatchObject({
      rules: [{ required: true }, { message: 'Isbn格式不正确' }],
    });
    expect(field('dimensions')).toMatchObject({ editor: 'group' });
    expect(field('metadata')).toMatchObject({ editor: 'json' });
    const email = at(written, 'components', 'schemas', 'Author', 'properties', 'email', 'x-admin');
    expect(email).toMatchObject({
      rules: [{ format: 'email', message: 'Email格式不正确，请输入正确的邮箱地址' }],
    });
    const name = at(written, 'components', 'schemas', 'Author', 'properties', 'name', 'x-admin');
    expect(name).toMatchObject({ label: 'Name', required: true });
  });

  it('finds the nested collection with its parent, and the row action with its body form', () => {
    expect(at(written, 'tags', 2, 'x-admin')).toMatchObject({
      module: 'books-reviews',
      parent: { param: 'isbn', resource: 'books' },
      capabilities: ['list', 'add'],
    });
    expect(at(written, 'paths', '/books/{isbn}/lend', 'post', 'x-admin')).toMatchObject({
      action: 'row',
      fields: [
        { name: 'readerId', in: 'body', control: 'InputNumber', required: true },
        { name: 'until', in: 'body', control: 'DatePicker', required: true },
      ],
    });
    expect(result.reportText).toContain('POST /reports/export: body is text/csv only — left out');
  });

  it('writes the bundled document: the external $refs are now components', () => {
    expect(at(written, 'components', 'schemas', 'Problem', 'type')).toBe('object');
    expect(at(written, 'paths', '/books', 'get', 'parameters', 0)).toEqual({
      $ref: '#/components/parameters/Offset',
    });
  });
});

describe('a document with 500 operations', () => {
  // How long it takes is printed by `npm run bench:import`, not timed here.
  it('maps every one of them', async () => {
    const dir = await tempDir('import-500');
    const file = path.join(dir, 'big.yaml');
    await writeFile(file, stringify(syntheticDocument(100)));
    const result = await importOpenApi({
      source: file,
      name: 'big',
      contractDir: path.join(dir, 'openapi'),
    });
    expect(result.report.summary).toMatchObject({
      resources: 100,
      operations: 500,
      mapped: 500,
      leftOut: 0,
    });
  });
});

describe('cli import-openapi: exit codes and --json', () => {
  it('writes the source, refuses to overwrite it without --force (2), and prints --json', async () => {
    const dir = await tempDir('import-cli');
    const first = runCli(
      ['import-openapi', PETSTORE, '--name', 'petstore', '--title', '宠物商店'],
      dir,
    );
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('POST /user/createWithList: body is an array — left out');
    expect(first.stdout).toContain(
      'created openapi/sources/petstore/openapi.yaml and import-report.txt',
    );
    const again = runCli(['import-openapi', PETSTORE, '--name', 'petstore'], dir);
    expect(again.code).toBe(2);
    expect(again.stderr.trim()).toBe(
      'openapi/sources/petstore/openapi.yaml exists: source petstore was imported before (--force replaces it)',
    );
    const json = runCli(
      ['import-openapi', PETSTORE, '--name', 'petstore', '--force', '--json'],
      dir,
    );
    expect(json.code, json.stderr).toBe(0);
    const reportSchema: SchemaObject = JSON.parse(
      await readFile(path.join(REPO, 'schemas/cli-report.schema.json'), 'utf8'),
    );
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(reportSchema);
    const report: unknown = JSON.parse(json.stdout);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(at(report, 'summary')).toEqual({
      resources: 3,
      operations: 19,
      // findPetsByTags and updatePetWithForm are buttons; uploadFile (a file) and getInventory
      // (store-order has no list: a lookup screen shows no action buttons) stay left out.
      mapped: 14,
      capabilities: 12,
      actions: 2,
      leftOut: 5,
    });
    expect(at(report, 'findings')).toContainEqual({
      kind: 'left-out',
      where: 'POST /user/createWithList',
      message: 'POST /user/createWithList: body is an array — left out',
    });
  });

  it.each([
    [
      'swagger 2.0',
      'swagger: "2.0"\ninfo: { title: x, version: "1" }\npaths: {}\n',
      3,
      '#/swagger is "2.0": a Swagger 2.0 document, not OpenAPI 3',
    ],
    ['no openapi key', 'info: { title: x, version: "1" }\npaths: {}\n', 3, '#/openapi is missing'],
    ['not a mapping', '- a\n- b\n', 3, 'not an OpenAPI document'],
    ['broken YAML', 'openapi: 3.0.0\npaths: [unclosed\n', 3, 'not valid YAML or JSON'],
    [
      'a $ref to nothing',
      'openapi: 3.0.0\ninfo: { title: x, version: "1" }\npaths:\n  /a:\n    get:\n      responses:\n        "200": { $ref: "#/components/responses/Nope" }\n',
      3,
      '#/paths/~1a/get/responses/200',
    ],
  ])('%s: one line naming the file, exit 3', async (_what, text, code, message) => {
    const dir = await tempDir('import-bad');
    await writeFile(path.join(dir, 'api.yaml'), text);
    const result = runCli(['import-openapi', 'api.yaml', '--name', 'bad'], dir);
    expect(result.code, result.stderr).toBe(code);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^api\.yaml/);
    expect(lines[0]).toContain(message);
  });

  it.each([
    [['import-openapi', 'missing.yaml', '--name', 'x'], 'missing.yaml: no such file'],
    [['import-openapi', 'missing.yaml'], "error: required option '--name <name>' not specified"],
    [
      ['import-openapi', 'missing.yaml', '--name', 'Pet Store'],
      '--name "Pet Store": a lower-case name',
    ],
  ])('%j exits 2: %s', async (args, message) => {
    const dir = await tempDir('import-usage');
    const result = runCli(args, dir);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(message);
  });
});
