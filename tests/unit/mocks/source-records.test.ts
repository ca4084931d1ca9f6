// @vitest-environment node
/**
 * An imported source in the demo (generated/sources/, answered at /sources/<name>/): its REST
 * mock keeps what it acknowledged. After a write the records are in browser storage before the
 * answer goes out, a new engine given them (a reload, a restart) answers with them, a stored
 * state that is not readable is ignored, and the demo's reset seeds the source afresh.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOURCE_DOCUMENTS } from '@generated/sources';
import { isRecord } from '@/core/guards';
import { createRestSource } from '@/mocks/rest-source/engine';
import { resetMockDatabase } from '@/mocks/reset';
import { ORIGIN, withMockServer } from './harness';

withMockServer();

const STORED_KEY = 'admin-mock-db-v2:source:petstore';
let stored: Map<string, string>;
/** Characters browser storage holds at most (keys and values), as a full browser refuses more. */
let quota: number;
const used = (except?: string) =>
  [...stored].reduce(
    (sum, [key, value]) => (key === except ? sum : sum + key.length + value.length),
    0,
  );

beforeEach(() => {
  stored = new Map();
  quota = Number.POSITIVE_INFINITY;
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => {
        if (used(key) + key.length + value.length > quota)
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        stored.set(key, value);
      },
      removeItem: (key: string) => void stored.delete(key),
      key: (index: number) => [...stored.keys()][index] ?? null,
      get length() {
        return stored.size;
      },
    },
    addEventListener: () => undefined,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function petNames(): Promise<string[]> {
  const answer = await fetch(`${ORIGIN}/sources/petstore/pet/findByStatus`);
  const pets: unknown = await answer.json();
  return Array.isArray(pets) ? pets.map((pet) => (isRecord(pet) ? String(pet.name) : '')) : [];
}

async function addPet(name: string): Promise<Response> {
  return fetch(`${ORIGIN}/sources/petstore/pet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, photoUrls: ['https://example.com/a.png'], status: 'pending' }),
  });
}

async function petstore(): Promise<Record<string, unknown>> {
  const document = await SOURCE_DOCUMENTS.petstore?.();
  if (!isRecord(document)) throw new Error('the petstore document is not generated');
  return document;
}

describe('the records of an imported source in the demo', () => {
  it('are in browser storage once a write is answered, and come back in a new engine', async () => {
    expect((await addPet('存下的小狗')).status).toBe(200);
    expect(await petNames()).toContain('存下的小狗');
    const text = stored.get(STORED_KEY) ?? '';
    expect(text).toContain('存下的小狗');

    // A reload: a new engine given what storage holds answers with the pet.
    const kept: unknown = JSON.parse(text);
    const rows = isRecord(kept) && Array.isArray(kept.rows) ? kept.rows : [];
    const state: unknown = isRecord(rows[0]) ? rows[0].state : undefined;
    const reloaded = createRestSource(await petstore(), {
      seed: 'petstore',
      basePath: '/sources/petstore',
      state,
    });
    expect(reloaded.records('pet').map((pet) => pet.name)).toContain('存下的小狗');
  });

  it('ignores a stored state it cannot read and seeds the source instead', async () => {
    const document = await petstore();
    const seeded = createRestSource(document, { seed: 'petstore' }).records('pet');
    for (const state of [null, 'text', { pet: { rows: 'no', nextId: 1 } }, { pet: { rows: [] } }])
      expect(createRestSource(document, { seed: 'petstore', state }).records('pet')).toEqual(
        seeded,
      );
  });

  it('does not keep a refused write, and the reset seeds the source afresh', async () => {
    const refused = await fetch(`${ORIGIN}/sources/petstore/pet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 42 }),
    });
    expect(refused.status).toBe(400);
    expect(stored.get(STORED_KEY) ?? '').not.toContain('42');

    await addPet('重置前的小狗');
    expect(await petNames()).toContain('重置前的小狗');
    resetMockDatabase();
    expect(await petNames()).not.toContain('重置前的小狗');
  });

  it('answers a write that cannot be stored as 507, and the list does not show it', async () => {
    expect((await addPet('放得下的小狗')).status).toBe(200);
    quota = used();
    const refused = await addPet('放不下的小狗');
    expect(refused.status).toBe(507);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(await refused.json()).toMatchObject({ detail: expect.stringContaining('浏览器存储') });
    // What the list shows is what a reload would show.
    const names = await petNames();
    expect(names).toContain('放得下的小狗');
    expect(names).not.toContain('放不下的小狗');
    quota = Number.POSITIVE_INFINITY;
    expect((await addPet('又放得下了')).status).toBe(200);
    expect(await petNames()).toEqual(expect.arrayContaining(['放得下的小狗', '又放得下了']));
  });
});
