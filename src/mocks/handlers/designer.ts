/**
 * The designers' server rules (后台设计 / 字段管理), checked before the contract and the generic
 * engine: a field name must be identifier-safe, not reserved and unique within its module
 * (the same rules and words as the field form, src/core/field-name), and a module name unique
 * (it becomes the /api/{module} group). A request that passes falls through to the engine.
 */
import { http } from '../http-wrapper';
import { fieldNameProblem } from '@/core/field-name';
import { designer as t } from '@/locale/designer';
import { requestProblem } from '../contract';
import { runAction } from '../engine';
import { fail } from '../respond';
import { persist, table } from '../store';
import type { MockRow } from '../types';
import { readParams, sameId } from '../util';

const FIELDS = 'field';
const MODULES = 'module';

/** Names of the module's fields, the field `except` left out. */
function takenNames(moduleId: unknown, except?: unknown): unknown[] {
  return table(FIELDS)
    .rows.filter((row) => sameId(row.module_id, moduleId) && !sameId(row.id, except))
    .map((row) => row.cf_fieldname);
}

/** The message for a field name, or undefined when it may be stored. */
function fieldNameMessage(name: unknown, moduleId: unknown, except?: unknown): string | undefined {
  const problem = fieldNameProblem(name, takenNames(moduleId, except));
  return problem && t.fieldName(problem, name);
}

/** Edit / updatefield: a stored name kept as it is (seeded `id` rows) is not judged again. */
function changedNameMessage(row: MockRow, name: unknown, moduleId: unknown): string | undefined {
  if (name === row.cf_fieldname && sameId(moduleId, row.module_id)) return undefined;
  return fieldNameMessage(name, moduleId, row.id);
}

function moduleNameMessage(name: unknown, except?: unknown): string | undefined {
  if (typeof name !== 'string') return undefined;
  const taken = table(MODULES).rows.some(
    (row) =>
      !sameId(row.id, except) &&
      typeof row.module_name === 'string' &&
      row.module_name.toLowerCase() === name.toLowerCase(),
  );
  return taken ? t.moduleNameTaken(name) : undefined;
}

/**
 * Runs `check` on the body (read from a clone: the engine reads the request next), then, for
 * the calls the request guard leaves to this file (guards.ts HANDLER_FIRST), the contract;
 * answers 201 with the first problem, or undefined to pass the call on.
 */
async function judged(
  request: Request,
  check: (body: Record<string, unknown>) => string | undefined,
  withContract = true,
): Promise<Response | undefined> {
  const contract = withContract ? requestProblem(request) : undefined;
  const body = await readParams(request.clone());
  const problem = check(body) ?? (await contract);
  return problem ? fail(201, problem) : undefined;
}

export const designerHandlers = [
  http.post('/api/field/add', ({ request }) =>
    judged(request, (body) => fieldNameMessage(body.cf_fieldname, body.module_id)),
  ),
  http.post('/api/field/edit', ({ request }) =>
    judged(request, (body) => {
      const row = table(FIELDS).rows.find((item) => sameId(item.id, body.id));
      // An unknown id is the engine's 记录不存在.
      if (!row) return undefined;
      return changedNameMessage(
        row,
        'cf_fieldname' in body ? body.cf_fieldname : row.cf_fieldname,
        'module_id' in body ? body.module_id : row.module_id,
      );
    }),
  ),
  http.post('/api/field/updatefield', ({ request }) =>
    judged(request, (body) => {
      const row = table(FIELDS).rows.find((item) => sameId(item.id, body.id));
      if (!row) return undefined;
      if (body.field === 'cf_fieldname') return changedNameMessage(row, body.value, row.module_id);
      if (body.field === 'module_id') return changedNameMessage(row, row.cf_fieldname, body.value);
      return undefined;
    }),
  ),
  http.post('/api/module/add', ({ request }) =>
    judged(request, (body) => moduleNameMessage(body.module_name), false),
  ),
  http.post('/api/module/edit', ({ request }) =>
    judged(request, (body) => moduleNameMessage(body.module_name, body.id), false),
  ),
  http.post('/api/module/delete', async ({ request }) => {
    const answer = await runAction(MODULES, 'delete', request);
    // A deleted module's fields would stay behind in 字段管理 as orphans, and be answered
    // as the fields of a later module that takes the same id.
    const live = table(MODULES).rows.map((row) => row.id);
    const fields = table(FIELDS);
    const kept = fields.rows.filter((row) => live.some((id) => sameId(id, row.module_id)));
    if (kept.length !== fields.rows.length) {
      fields.rows = kept;
      persist();
    }
    return answer;
  }),
];
