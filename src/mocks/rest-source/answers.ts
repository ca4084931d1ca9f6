/**
 * What an operation declares it answers: its success status and body schema, the status it uses
 * for an invalid request, and a value for operations the mock keeps no records for (the
 * declared example, else one that satisfies the schema, the same for the same seed).
 */
import { seededRandom, type Random } from './random';
import type { Operation } from './routes';
import {
  declaredExample,
  jsonMedia,
  propertiesOf,
  recordAt,
  requiredOf,
  resolve,
  type Node,
} from './schema';
import { validate } from './schema-check';
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
  // An operation that only redirects (Kratos' /.well-known/change-password: 303) answers that.
  const redirect = Object.keys(responses)
    .filter((status) => /^3\d\d$/.test(status))
    .sort()[0];
  const status = statuses[0] ?? redirect;
  if (status === undefined) return { status: fallback };
  const content = recordAt(resolve(document, responses[status]), 'content');
  const media = jsonMedia(content);
  if (media) return { status: Number(status), schema: resolve(document, media.schema), media };
  const otherType = Object.keys(content)[0];
  return otherType ? { status: Number(status), otherType } : { status: Number(status) };
}

/**
 * A copy of a kept record whose fields fit the record schema an answer declares, where that is
 * not the entity's: listmonk's `POST /campaigns` declares it answers a CampaignUpdate
 * (`lists: [ids]`, `send_at: {}`), not the Campaign it keeps (`lists: [{ id, name }]`); Kratos
 * lists identitySchemaContainers `{ id, schema }` and answers one as the raw identitySchema. A
 * field that does not fit, or a required one missing, gets a value of the answer's schema; the
 * stored record is unchanged.
 */
export function fitRecord(document: Node, schema: Node, record: Node, random: Random): Node {
  // 'output' checks values, not required fields: those are looked for here.
  const required = new Set(requiredOf(document, schema));
  const complete = [...required].every((name) => record[name] !== undefined);
  if (complete && validate(document, schema, record, 'output').length === 0) return record;
  const copy = { ...record };
  const properties = propertiesOf(document, schema);
  // Required but not declared (DigitalOcean's sinks_response `urn`): a value of no schema.
  for (const name of required)
    if (!properties.has(name) && copy[name] === undefined)
      copy[name] = valueFor(document, { type: 'string' }, { random, examples: false, name });
  for (const [name, property] of properties) {
    const value = copy[name];
    const fits =
      value === undefined
        ? !required.has(name)
        : validate(document, property, value, 'output').length === 0;
    if (!fits) copy[name] = valueFor(document, property, { random, examples: true, name });
  }
  return copy;
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
