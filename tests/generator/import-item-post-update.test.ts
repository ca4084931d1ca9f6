// @vitest-environment node
/**
 * APIs with no PUT/PATCH (OpenAI's `POST /assistants/{assistant_id}`) update a record with a POST
 * on its item path: that POST is the resource's edit (a form from its body, sent as POST). A POST
 * on a sub-path (`/notes/{noteId}/archive`) stays an action — a row button of the notes screen,
 * which the report counts as mapped.
 */
import path from 'node:path';
import { readFile, writeFile } from 'node:fs/promises';
import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { importOpenApi } from '../../generator/import-openapi';
import { tempDir } from './helpers';

const note = {
  type: 'object',
  required: ['id', 'title'],
  properties: { id: { type: 'string' }, title: { type: 'string' } },
};
const modifyNote = { type: 'object', properties: { title: { type: 'string' } } };
const answer = (ref: string) => ({
  description: 'ok',
  content: { 'application/json': { schema: { $ref: ref } } },
});
const body = (ref: string) => ({
  required: true,
  content: { 'application/json': { schema: { $ref: ref } } },
});
const idParam = { name: 'noteId', in: 'path', required: true, schema: { type: 'string' } };

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Notes', version: '1.0.0' },
  paths: {
    '/notes': {
      get: {
        operationId: 'listNotes',
        tags: ['notes'],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: { type: 'array', items: { $ref: '#/components/schemas/Note' } },
              },
            },
          },
        },
      },
      post: {
        operationId: 'createNote',
        tags: ['notes'],
        requestBody: body('#/components/schemas/ModifyNote'),
        responses: { '200': answer('#/components/schemas/Note') },
      },
    },
    '/notes/{noteId}': {
      parameters: [idParam],
      get: {
        operationId: 'getNote',
        tags: ['notes'],
        responses: { '200': answer('#/components/schemas/Note') },
      },
      post: {
        operationId: 'modifyNote',
        tags: ['notes'],
        requestBody: body('#/components/schemas/ModifyNote'),
        responses: { '200': answer('#/components/schemas/Note') },
      },
    },
    '/notes/{noteId}/archive': {
      parameters: [idParam],
      post: {
        operationId: 'archiveNote',
        tags: ['notes'],
        requestBody: body('#/components/schemas/ModifyNote'),
        responses: { '200': answer('#/components/schemas/Note') },
      },
    },
  },
  components: { schemas: { Note: note, ModifyNote: modifyNote } },
};

describe('a POST on the item path of a resource without PUT/PATCH', () => {
  it('is the edit; a POST on a sub-path stays an action, mapped as a row button', async () => {
    const dir = await tempDir('import-item-post');
    const file = path.join(dir, 'notes.yaml');
    await writeFile(file, stringify(DOCUMENT));
    const result = await importOpenApi({
      source: file,
      name: 'notes',
      contractDir: path.join(dir, 'openapi'),
    });
    const [notes] = result.report.annotation.resources;
    expect(notes?.capabilities).toEqual(['list', 'info', 'add', 'edit']);
    expect(result.reportText).toContain(
      'POST /notes/{noteId}: /notes/{noteId} has no PUT or PATCH, and this POST sends a record in its body — taken as edit (sent as POST)',
    );
    expect(result.reportText).toContain('    action button: row POST /notes/{noteId}/archive');
    expect(result.reportText).not.toContain('POST /notes/{noteId}/archive: a row action');
    // What generate reads: the POST carries the edit capability, the sub-path POST an action.
    const writtenDocument: unknown = parse(await readFile(result.written.document, 'utf8'));
    expect(writtenDocument).toMatchObject({
      paths: {
        '/notes/{noteId}': { post: { 'x-admin': { capability: 'edit' } } },
        '/notes/{noteId}/archive': {
          post: { 'x-admin': { action: 'row', permission: 'NOTES_NOTES_ARCHIVENOTE' } },
        },
      },
    });
    expect(result.report.summary).toEqual({
      resources: 1,
      operations: 5,
      mapped: 5,
      capabilities: 4,
      actions: 1,
      leftOut: 0,
    });
  });
});
