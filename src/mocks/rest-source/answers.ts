/**
 * What an operation declares it answers: its success status and body schema, the status it uses
 * for an invalid request, and a value for operations the mock keeps no records for (the
 * declared example, else one that satisfies the schema, the same for the same seed).
 */
import { seededRandom } from './random';
import type { Operation } from './routes';
import { declaredExample, jsonMedia, recordAt, resolve, type Node } from './schema';
import { json } from './problem';
import { valueFor } from './values';

export interface Success {
  status: number;
  /** The JSON body schema of that answer, if it has one. */
  schema?: Node;
  media?: Node;
  /** A non-JSON media type it answers with (text/csv), if that is all it has. */
  otherType?: string;
}

export function success(document: Node, operation: Operation, fallback: number): Success {
  const responses = recordAt(operation.operation, 'responses');
  const statuses = Object.keys(responses)
    .filter((status) => /^2\d\d$/.test(status))
    .sort();
  const status = statuses[0];
  if (status === undefined) return { status: fallback };
  const content = recordAt(resolve(document, responses[status]), 'content');
  const media = jsonMedia(content);
  if (media) return { status: Number(status), schema: resolve(document, media.schema), media };
  const otherType = Object.keys(content)[0];
  return otherType ? { status: Number(status), otherType } : { status: Number(status) };
}

/** 400, unless the operation declares 422 and not 400 for its invalid requests. */
export function invalidStatus(operation: Operation): number {
  const responses = recordAt(operation.operation, 'responses');
  return !Object.hasOwn(responses, '400') && Object.hasOwn(responses, '422') ? 422 : 400;
}

/** The answer of an operation without records behind it: its example or a made-up valid value. */
export function declaredAnswer(document: Node, operation: Operation, seed: string): Response {
  const answer = success(document, operation, 200);
  if (answer.status === 204 || (!answer.schema && !answer.otherType))
    return new Response(null, { status: answer.status });
  const random = seededRandom(`${seed}:${operation.method} ${operation.template}`);
  if (answer.otherType) {
    const media = recordAt(
      recordAt(
        resolve(document, recordAt(operation.operation, 'responses')[String(answer.status)]),
        'content',
      ),
      answer.otherType,
    );
    const example = declaredExample(document, media);
    const value = example
      ? example.value
      : valueFor(document, media.schema, { random, examples: true });
    return new Response(typeof value === 'string' ? value : JSON.stringify(value), {
      status: answer.status,
      headers: { 'Content-Type': answer.otherType },
    });
  }
  const example = answer.media && declaredExample(document, answer.media);
  const value = example
    ? example.value
    : valueFor(document, answer.schema, { random, examples: true });
  return json(answer.status, value ?? null);
}
