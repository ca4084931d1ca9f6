/**
 * `--writes`, after the round trip: one add the server must refuse (a required field left out,
 * else a field of the wrong type), answered by a 4xx whose body says why — problem+json, or a
 * JSON body with a message, detail, title or errors field. A server that accepts it gets the
 * record deleted again.
 */
import { isJson } from '../../json';
import { callOperation, countWrite, report, transportFailure, type Context } from './checks';
import { fillPath, type Plan, type PlannedResource } from './plan';
import { pathValues, recordIn } from './reads';
import { invalidRecord, newRecord } from './records';
import { addSchema, bodyFor, createdKey, jsonBodyType } from './writes';

const SAYS_WHY = ['message', 'detail', 'title', 'errors', 'error'];

export async function checkInvalidAdd(
  context: Context,
  plan: Plan,
  resource: PlannedResource,
): Promise<void> {
  const add = resource.operations.add;
  const contentType = add && jsonBodyType(add);
  const path = add && fillPath(add.path, pathValues(context, plan, resource, add.path));
  const entity = addSchema(context.document, resource);
  const listed = context.listed.get(resource.key);
  const base = newRecord(context.document, entity, resource.primaryKey, listed);
  // The round trip reported why no record can be sent.
  if (!add || !contentType || path === undefined || 'cannot' in base) return;
  const invalid = invalidRecord(context.document, entity, base.record, resource.primaryKey);
  if (!invalid) {
    report(context, add, 'skipped', 'invalid add: the schema neither requires nor types a field');
    return;
  }
  const what = `invalid add (${invalid.what})`;
  const answer = await callOperation(context, add, {
    path,
    body: { contentType, value: bodyFor(resource, 'add', invalid.record) },
  });
  // An invalid add the server took wrote a record all the same.
  countWrite(context, 'added', answer);
  const body = answer.json?.value;
  if (!answer.problem && answer.status >= 400 && answer.status < 500) {
    const problemJson = answer.contentType === 'application/problem+json';
    const saysWhy = isJson(body) && SAYS_WHY.some((field) => body[field] !== undefined);
    report(
      context,
      add,
      problemJson || saysWhy ? 'ok' : 'failed',
      problemJson || saysWhy
        ? `${what}: HTTP ${answer.status} ${problemJson ? 'problem+json' : 'with a message'}`
        : `${what}: HTTP ${answer.status} without problem+json or a message/errors field`,
    );
    return;
  }
  if (answer.problem || answer.status < 200 || answer.status >= 300) {
    report(context, add, 'failed', `${what}: ${transportFailure(answer) ?? ''} (expected a 4xx)`);
    return;
  }
  // Accepted: the record it made is deleted again, as the round trip's is.
  const key = createdKey(
    answer,
    resource.primaryKey,
    invalid.record,
    recordIn(resource, 'add', answer.json?.value),
  );
  const remove = resource.operations.delete;
  const removePath =
    remove && key !== undefined
      ? fillPath(remove.path, pathValues(context, plan, resource, remove.path, key))
      : undefined;
  const removed =
    remove && removePath !== undefined
      ? await callOperation(context, remove, { path: removePath })
      : undefined;
  const cleaned = removed && removed.status >= 200 && removed.status < 300;
  report(
    context,
    add,
    'failed',
    `${what}: accepted (HTTP ${answer.status}); record ${key ?? '?'} ${cleaned ? 'deleted again' : 'left behind'}`,
  );
}
