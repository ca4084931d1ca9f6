/**
 * The typed functions orval writes for an imported source (generated/sources/<name>/api/), for
 * screens of one's own, against the demo's REST mock of Petstore: each call reaches the source
 * under its base path with its credential, answers with the body the document types, and fails
 * as the CRUD adapter fails (a shown ApiError; a 401 asks for the source's sign-in).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addPet,
  deletePet,
  findPetsByStatus,
  getPetById,
} from '@generated/sources/petstore/api/pet/pet';
import { onSourceSignIn, setSourceCredential } from '@/lib/rest-source';
import { server } from '@/mocks/node';
import { resetMockDatabase } from '@/mocks/reset';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => resetMockDatabase());
afterEach(() => {
  server.resetHandlers();
  sessionStorage.clear();
});
afterAll(() => server.close());

describe('typed functions of an imported source', () => {
  it('lists, adds and deletes through the source’s base path, typed by its document', async () => {
    const sold = await findPetsByStatus({ status: 'sold' });
    expect(sold.length).toBeGreaterThan(0);
    expect(new Set(sold.map((pet) => pet.status))).toEqual(new Set(['sold']));

    const added = await addPet({ name: '类型化的小狗', photoUrls: ['https://example.com/a.png'] });
    expect(added).toMatchObject({ name: '类型化的小狗' });
    const names = (await findPetsByStatus()).map((pet) => pet.name);
    expect(names).toContain('类型化的小狗');
    if (added.id === undefined) throw new Error('the mock gave the pet no id');
    await deletePet(added.id);
    expect((await findPetsByStatus()).map((pet) => pet.name)).not.toContain('类型化的小狗');
  });

  it('carries the source’s credential, and a 401 asks for its sign-in', async () => {
    const asked: string[] = [];
    const stop = onSourceSignIn((source) => asked.push(source.name));
    await expect(getPetById(1)).rejects.toMatchObject({ kind: 'http', status: 401 });
    stop();
    expect(asked).toEqual(['petstore']);
    setSourceCredential('petstore', 'any-key');
    expect(await getPetById(1)).toMatchObject({ id: 1 });
  });
});
