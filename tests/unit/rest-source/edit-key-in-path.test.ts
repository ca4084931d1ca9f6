/**
 * The adapter's half of tests/generator/edit-key-in-path.test.ts: an edit call with
 * `keyInBody: false` (OpenAI's ModifyAssistantRequest refuses `id`) sends the key in the path
 * only; a call without it sends the key in the body too, as before.
 */
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { RestCall } from '@/core/rest-source';
import { restModule } from '@/lib/rest-source';
import { BASE, petstore, server, setupSourceServer } from './harness';

setupSourceServer();

const edit: RestCall = {
  method: 'POST',
  path: '/assistants/{assistant_id}',
  idParam: 'assistant_id',
};

/** What each edit sent: the path's key and the body. */
function sentBodies(): unknown[] {
  const sent: unknown[] = [];
  server.use(
    http.post(`${BASE}/assistants/:id`, async ({ request, params }) => {
      sent.push([params.id, await request.json()]);
      return HttpResponse.json({ id: params.id, name: '助手' });
    }),
  );
  return sent;
}

describe('the record key of an edit', () => {
  it('keyInBody false: the key names the record in the path, and is not in the body', async () => {
    const sent = sentBodies();
    const { api } = restModule(petstore, { edit: { ...edit, keyInBody: false } }, 'id');
    await api.edit?.({ id: 'asst_1', name: '助手', description: '改过' });
    expect(sent).toEqual([['asst_1', { name: '助手', description: '改过' }]]);
  });

  it('otherwise: the key is in the path and the body', async () => {
    const sent = sentBodies();
    const { api } = restModule(petstore, { edit }, 'id');
    await api.edit?.({ id: 'asst_1', name: '助手' });
    expect(sent).toEqual([['asst_1', { id: 'asst_1', name: '助手' }]]);
  });
});
