/**
 * An action of an imported source (src/core/source-action.ts) made callable: the form's values
 * go where the action says (path, query string, body), the row's key fills the item's
 * placeholder, and the answer comes back as the server gave it. A failure is the shown ApiError
 * of sendRest, whose field problems the action's form puts under its fields.
 */
import type { ModuleRecord, RecordId } from '@/core/module';
import type { SourceAction } from '@/core/source-action';
import type { SourceDescription } from '@/core/rest-source';
import { sendRest } from './transport';
import { fillPath } from './url';

export interface SourceActionRunner extends SourceAction {
  /**
   * Makes the call with the form's `values`; a row action passes its row's key (`rowId`) and
   * the row, whose fields fill any other placeholder (a parent's key). Resolves with the answer.
   */
  run(values: ModuleRecord, rowId?: RecordId, row?: ModuleRecord): Promise<unknown>;
}

/** A value the user left empty: not sent, as an API reads a missing optional parameter. */
function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** A value as the text a query string or a form carries: a list or an object as JSON. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

/** The query string of the values the action sends there (a list as repeated parameters). */
function queryOf(action: SourceAction, values: ModuleRecord): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, place] of Object.entries(action.places)) {
    const value = values[name];
    if (place !== 'query' || isEmpty(value)) continue;
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, asText(item));
  }
  return query;
}

/** The body: the body fields as JSON, or as the form the operation declares; none without any. */
function bodyOf(action: SourceAction, values: ModuleRecord): unknown {
  const names = Object.keys(action.places).filter((name) => action.places[name] === 'body');
  const fields: ModuleRecord = {};
  for (const name of names) if (!isEmpty(values[name])) fields[name] = values[name];
  if (names.length === 0) return undefined;
  if (action.bodyAs === 'multipart') {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, asText(value));
    return form;
  }
  if (action.bodyAs === 'urlencoded') {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) form.append(name, asText(value));
    return new Blob([form.toString()], { type: 'application/x-www-form-urlencoded' });
  }
  return fields;
}

/** @example restActions(conduitSource, [favorite])[0].run({}, 'how-to-train-your-dragon') */
export function restActions(
  source: SourceDescription,
  actions: readonly SourceAction[],
): SourceActionRunner[] {
  return actions.map((action) => ({
    ...action,
    run: async (values, rowId, row) => {
      const path = fillPath(action.path, (name) => {
        if (name === action.idParam && rowId !== undefined) return rowId;
        return action.places[name] === 'path' ? values[name] : row?.[name];
      });
      const answer = await sendRest(source, {
        method: action.method,
        path,
        query: queryOf(action, values),
        body: bodyOf(action, values),
        contentType: action.contentType,
      });
      return answer.json?.value;
    },
  }));
}
