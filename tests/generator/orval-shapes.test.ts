// @vitest-environment node
/**
 * Shapes of published documents whose orval output did not type-check (bench:real's typecheck
 * step), each in a small source run through import-openapi → generate → tsc as a user's would:
 * - DigitalOcean's POST /v2/uptime/checks body, an `allOf` requiring a name (`method`) none of
 *   its parts declares: orval wrote `Required<Pick<CheckUpdatable, 'method' | …>>`;
 * - OpenAI's POST /audio/transcriptions, a multipart body with a property that is a union of a
 *   text and an object (`chunking_strategy`): orval appended the object to the FormData as is.
 * And a tool that fails stops generate (exit 3) once every tool run has ended, naming the file
 * (a source's, or the contract's openapi.yaml), the pointer where the tool is known to trip
 * (enum names that are no text, where orval's own message names nothing) and the tool.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { generate, ModelError } from '../../generator';
import { importOpenApi } from '../../generator/import-openapi';
import { isJson, type Json } from '../../generator/json';
import { copyFixture, runCli, typecheckGenerated } from './helpers';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const json = (schema: Json) => ({ 'application/json': { schema } });
const ok = (schema: Json) => ({ '200': { description: 'ok', content: json(schema) } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const SHAPES: Json = {
  openapi: '3.1.0',
  info: { title: 'Orval shapes', version: '1' },
  paths: {
    '/checks': {
      get: { tags: ['uptime'], responses: ok({ type: 'array', items: ref('Check') }) },
      post: {
        tags: ['uptime'],
        operationId: 'createCheck',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            allOf: [ref('CheckUpdatable')],
            required: ['name', 'method', 'enabled'],
          }),
        },
        responses: ok(ref('Check')),
      },
    },
    '/transcriptions': {
      post: {
        tags: ['audio'],
        operationId: 'createTranscription',
        requestBody: {
          required: true,
          content: { 'multipart/form-data': { schema: ref('TranscriptionRequest') } },
        },
        responses: ok({ type: 'object', properties: { text: { type: 'string' } } }),
      },
    },
  },
  components: {
    schemas: {
      CheckUpdatable: {
        type: 'object',
        properties: { name: { type: 'string' }, enabled: { type: 'boolean' } },
      },
      Check: {
        type: 'object',
        allOf: [
          { type: 'object', properties: { id: { type: 'string', readOnly: true } } },
          ref('CheckUpdatable'),
        ],
      },
      VadConfig: {
        type: 'object',
        required: ['type'],
        properties: {
          type: { type: 'string', enum: ['server_vad'] },
          threshold: { type: 'number' },
        },
      },
      TranscriptionRequest: {
        type: 'object',
        required: ['file', 'model'],
        properties: {
          file: { type: 'string', format: 'binary' },
          model: { type: 'string' },
          temperature: { type: 'number' },
          include: { type: 'array', items: { type: 'string' } },
          chunking_strategy: {
            anyOf: [
              { anyOf: [{ type: 'string', enum: ['auto'] }, ref('VadConfig')] },
              { type: 'null' },
            ],
          },
        },
      },
    },
  },
};

/** Imports `document` as source `name` into a copy of the basic contract; its contract dir. */
async function imported(document: Json, name: string): Promise<string> {
  const dir = await copyFixture('basic');
  const source = path.join(dir, 'api.yaml');
  await writeFile(source, stringify(document));
  const contractDir = path.join(dir, 'openapi');
  await importOpenApi({ source, name, contractDir });
  return contractDir;
}

describe('orval on shapes of published documents', () => {
  let outDir: string;
  let hooks: Map<string, string>;

  beforeAll(async () => {
    const contractDir = await imported(SHAPES, 'shapes');
    outDir = path.join(path.dirname(contractDir), 'generated');
    const result = await generate({ contractDir, outDir });
    hooks = new Map(result.files.map((file) => [file.path, file.content]));
  });

  it('an allOf requiring a name none of its parts declares: the body type requires it and type-checks', async () => {
    expect(
      await typecheckGenerated(outDir, ['generated/sources/shapes/api/checks/checks.ts']),
    ).toEqual([]);
    expect(hooks.get('sources/shapes/api/model/createCheckBody.ts')).toMatch(
      /export type CreateCheckBody = CheckUpdatable & \{\s*method: unknown;\s*\} & Required</,
    );
  });

  it('a multipart body with a union of text and object: built by the source form-data builder, type-checks', async () => {
    expect(
      await typecheckGenerated(outDir, ['generated/sources/shapes/api/audio/audio.ts']),
    ).toEqual([]);
    expect(hooks.get('sources/shapes/api/audio/audio.ts')).toContain(
      'const formData = formDataOf(transcriptionRequest);',
    );
  });
});

describe('a tool failing on a source', () => {
  it('generate fails naming the source file and openapi-typescript (with its pointer) when it throws, once orval has ended', async () => {
    const contractDir = await imported(SHAPES, 'broken');
    const file = path.join(contractDir, 'sources/broken/openapi.yaml');
    const written: unknown = parse(await readFile(file, 'utf8'));
    const schemas =
      isJson(written) && isJson(written.components) && isJson(written.components.schemas)
        ? written.components.schemas
        : {};
    // A text where a schema belongs: openapi-typescript throws (orval reads past it).
    schemas.Tags = { type: 'array', items: 'tag' };
    await writeFile(file, stringify(written));
    // eslint-disable-next-line @typescript-eslint/unbound-method -- compared, never called
    const write = process.stdout.write;
    const run = generate({
      contractDir,
      outDir: path.join(path.dirname(contractDir), 'generated'),
      mode: 'dry-run',
      // Orval runs (no cached hooks): generate fails only once it has ended.
      fromScratch: true,
    });
    await expect(run).rejects.toBeInstanceOf(ModelError);
    await expect(run).rejects.toThrow(
      'sources/broken/openapi.yaml: openapi-typescript: Expected SchemaObject, received string at #/components/schemas/Tags',
    );
    // No orval run is left going with stdout silenced: what is printed next is seen.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- compared, never called
    expect(process.stdout.write).toBe(write);
  });

  it('generate exits 3 naming the contract, the pointer and orval when orval crashes on the contract', async () => {
    const dir = await copyFixture('basic');
    const common = path.join(dir, 'openapi/components/common.yaml');
    const text = await readFile(common, 'utf8');
    const status = "status: { type: integer, enum: [1, 2], description: '1 on, 2 off.' }";
    expect(text).toContain(status);
    // Numbers where orval expects names: it crashes inside, naming no place.
    await writeFile(
      common,
      text.replace(
        status,
        status.replace('enum: [1, 2],', 'enum: [1, 2], x-enum-varnames: [1, 2],'),
      ),
    );
    const result = runCli(['generate', '--dry-run'], dir);
    expect(result.code).toBe(3);
    expect(result.stderr.trim()).toBe(
      'openapi.yaml#/components/schemas/StatusBody/properties/status/x-enum-varnames: orval: orval failed: TypeError: id.charCodeAt is not a function',
    );
  });
});
