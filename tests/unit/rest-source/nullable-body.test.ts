/**
 * A nullable body field (`nullable: true`, `type: [x, "null"]`) is clearable (issue 50 item 3):
 * emptied in the edit form, it is sent as null, so the server clears the stored value instead of
 * keeping it (a PATCH that leaves a field out leaves it as it was); another emptied field is still
 * left out, as the server reads a missing optional field. An add has nothing to clear: an empty
 * field is not sent at all.
 */
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { restModule } from '@/lib/rest-source';
import { BASE, petstore, server, setupSourceServer, type Pet } from './harness';

setupSourceServer();

/** The bodies the source received. */
function bodies(): unknown[] {
  const seen: unknown[] = [];
  server.use(
    http.all(`${BASE}/*`, async ({ request }) => {
      seen.push(await request.json());
      return HttpResponse.json({ id: 7, name: '旺财' });
    }),
  );
  return seen;
}

const api = () =>
  restModule<Pet>(
    petstore,
    {
      add: { method: 'POST', path: '/pets', nullable: ['nickname'] },
      edit: {
        method: 'PATCH',
        path: '/pets/{petId}',
        idParam: 'petId',
        nullable: ['nickname', 'born', 'weight'],
      },
    },
    'id',
  ).api;

describe('nullable body fields', () => {
  it('edit: an emptied nullable field is sent as null (text, choice and number alike); others are left out', async () => {
    const seen = bodies();
    await api().edit?.({
      id: 7,
      name: '旺财',
      nickname: '',
      born: null,
      weight: undefined,
      status: null,
    });
    expect(seen).toEqual([{ id: 7, name: '旺财', nickname: null, born: null, weight: null }]);
  });

  it('add: an untouched empty field is not sent, nullable or not, text or choice (OpenAI refused reasoning_effort: "")', async () => {
    const seen = bodies();
    await api().add?.({ name: '来福', nickname: null, status: null, tag: '', weight: undefined });
    expect(seen).toEqual([{ name: '来福' }]);
  });
});
