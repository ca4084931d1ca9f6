/**
 * `--writes`: a resource's row actions (x-admin `action: row`, each a button on its screen) are
 * called on the round trip's own record, between its edit and its delete — never on a record
 * that was there before. Only the ones a button calls without asking anything: no body, no
 * required query parameter, not a DELETE (the record's own delete follows). Every other row
 * action is reported as skipped, with the reason.
 */
import type { SourceOperation } from '../../import-openapi/source-operations';
import { sourceOperations } from '../../import-openapi/source-operations';
import { callOperation, report, successVerdict, type Context } from './checks';
import { adminOf, fillPath, operationObject, type Plan, type PlannedResource } from './plan';
import { pathValues } from './reads';

/** The row actions of a resource, in document order. */
export function rowActionsOf(context: Context, resource: PlannedResource): SourceOperation[] {
  return sourceOperations(context.document).filter(
    (operation) =>
      operation.tag === resource.tag &&
      adminOf(operationObject(context.document, operation)).action === 'row',
  );
}

/** Why a row action is not called on the round trip's record (undefined: it is called). */
function notCalled(operation: SourceOperation): string | undefined {
  if (operation.method === 'delete')
    return 'a DELETE action is not called (the record’s own delete follows)';
  if (operation.body) return 'it takes a body: only actions without one are called';
  const required = operation.parameters.filter((p) => p.in === 'query' && p.required);
  if (required.length > 0)
    return `it needs the query parameter(s) ${required.map((p) => p.name).join(', ')}: only actions that ask nothing are called`;
  return undefined;
}

/** Calls each body-less row action of `resource` on record `key` (the round trip's own). */
export async function callRowActions(
  context: Context,
  plan: Plan,
  resource: PlannedResource,
  key: string,
): Promise<void> {
  for (const operation of rowActionsOf(context, resource)) {
    const why = notCalled(operation);
    const path = fillPath(operation.path, pathValues(context, plan, resource, operation.path, key));
    if (why !== undefined || path === undefined) {
      report(context, operation, 'skipped', `row action: ${why ?? `cannot name record ${key}`}`);
      continue;
    }
    const answer = await callOperation(context, operation, { path });
    const verdict = successVerdict(context, operation, answer, `row action on ${key}`);
    report(context, operation, verdict.outcome, verdict.detail);
  }
}

/** A resource without a round trip: its row actions are not called, and the report says why. */
export function skipRowActions(context: Context, resource: PlannedResource, why: string): void {
  for (const operation of rowActionsOf(context, resource))
    report(context, operation, 'skipped', `row action: ${why}`);
}
