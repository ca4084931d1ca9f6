// @vitest-environment node
/**
 * The multipart body of an imported source's typed functions (formDataOf, orval's form-data
 * mutator for sources), as the server receives it: a file as a file, text as text, numbers and
 * booleans as text, each array item a field, an object (a union's object variant, OpenAI's
 * chunking_strategy) as JSON text; an absent or null property sends nothing.
 */
import { describe, expect, it } from 'vitest';
import { formDataOf } from '@/lib/rest-source/form-data';

/** The body as the server parses it: every field's name and text (a file's name and text). */
async function received(form: FormData): Promise<[string, string][]> {
  const parsed = await new Request('http://source.test/upload', {
    method: 'POST',
    body: form,
  }).formData();
  return Promise.all(
    [...parsed.entries()].map(
      async ([name, value]): Promise<[string, string]> => [
        name,
        typeof value === 'string' ? value : `file ${value.name}: ${await value.text()}`,
      ],
    ),
  );
}

describe('formDataOf', () => {
  it('sends each property as the field a server reads', async () => {
    const file = new File(['RIFF…'], 'speech.wav', { type: 'audio/wav' });
    const form = formDataOf({
      file,
      model: 'whisper-1',
      temperature: 0.2,
      stream: false,
      include: ['logprobs', 'words'],
      chunking_strategy: { type: 'server_vad', threshold: 0.5 },
      prompt: undefined,
      language: null,
    });
    expect(await received(form)).toEqual([
      ['file', 'file speech.wav: RIFF…'],
      ['model', 'whisper-1'],
      ['temperature', '0.2'],
      ['stream', 'false'],
      ['include', 'logprobs'],
      ['include', 'words'],
      ['chunking_strategy', '{"type":"server_vad","threshold":0.5}'],
    ]);
  });

  it('sends a union’s text variant as text, not as JSON', async () => {
    expect(await received(formDataOf({ chunking_strategy: 'auto' }))).toEqual([
      ['chunking_strategy', 'auto'],
    ]);
  });

  it('sends a body that is no object as one field, data', async () => {
    expect(await received(formDataOf('plain text'))).toEqual([['data', 'plain text']]);
    expect(await received(formDataOf(undefined))).toEqual([]);
  });
});
