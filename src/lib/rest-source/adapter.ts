/**
 * The REST adapter: a resource of an imported source presented to the CRUD blocks as the calls
 * and query keys of a ModuleDefinition. The blocks were written against the envelope backend
 * ("resolves with a successful envelope, rejects with ApiError"), so every REST answer is
 * wrapped as `{status: 200, msg: '', data}` and every failure is a shown ApiError: the blocks
 * do not know which backend they talk to.
 *
 * The types below restate ModuleApi / ModuleQueryKeys (src/components/crud/module-definition.ts)
 * for the calls a REST resource offers: src/lib does not import UI code, and the generated
 * module's `...restModule(...)` is checked against ModuleDefinition where it is spread.
 */
import { isRecord } from '@/core/guards';
import type { ListPage, ListQuery, ModuleRecord, RecordId } from '@/core/module';
import {
  valueAtPath,
  wrapAtPath,
  type RestCall,
  type RestResourceCalls,
  type SourceDescription,
} from '@/core/rest-source';
import type { Envelope } from '@/lib/request';
import { restSourceMessages as t } from '@/locale/rest-source';
import { sourceFailure } from './errors';
import { restList, success } from './list';
import { installSourceOptions } from './options-from';
import { requireJson, sendRest } from './transport';
import { fillPath, pathParams } from './url';

export interface RestModuleApi<TRow> {
  list?(query: ListQuery): Promise<Envelope<ListPage<TRow>>>;
  info?(id: RecordId): Promise<Envelope<TRow>>;
  add?(body: ModuleRecord): Promise<Envelope<unknown>>;
  edit?(body: ModuleRecord): Promise<Envelope<unknown>>;
  delete?(id: RecordId): Promise<Envelope<unknown>>;
}

export interface RestModuleQueryKeys {
  list?(query?: ListQuery): readonly unknown[];
}

/** See list.ts: the record is the document's schema once it is checked to be an object. */
function isRow<TRow>(value: unknown): value is TRow {
  return isRecord(value);
}

/**
 * The call's path for record `id` (and the record's own fields, for other placeholders such as
 * a parent's id). Without a declared idParam, a path with a single placeholder takes the id.
 */
function itemPath(call: RestCall, id: RecordId | undefined, record?: ModuleRecord): string {
  const params = pathParams(call.path);
  const idParam = call.idParam ?? (params.length === 1 ? params[0] : undefined);
  return fillPath(call.path, (name) =>
    name === idParam && id !== undefined ? id : record?.[name],
  );
}

/**
 * The form's record as a REST body: a field the user left empty (null) is left out, as an API
 * reads a missing optional field, where null is refused unless the schema says nullable. On an
 * edit, an emptied field the call declares nullable is sent as null, which clears it; on an add
 * there is nothing to clear, so every empty field (a text's '' too) is left out — an untouched
 * optional field is never sent (OpenAI refused the '' of reasoning_effort, an enum or null).
 */
function bodyOf(call: RestCall, record: ModuleRecord, clears: boolean): ModuleRecord {
  const nullable = call.nullable ?? [];
  const body: ModuleRecord = {};
  for (const [name, value] of Object.entries(record)) {
    // An emptied control holds null (a choice), undefined (a number) or '' (a text).
    const emptied = value === null || value === undefined || value === '';
    if (emptied && clears && nullable.includes(name)) body[name] = null;
    else if (!emptied || (clears && value !== null)) body[name] = value;
  }
  return body;
}

/** The fields sent, wrapped where the call's body holds them (`{ "article": { … } }`). */
function wrappedBody(call: RestCall, fields: ModuleRecord): unknown {
  return call.bodyAt ? wrapAtPath(call.bodyAt, fields) : fields;
}

/** The record in a call's answer: the answer itself, or the field the call names. */
function recordOf(call: RestCall, answer: unknown): unknown {
  return call.recordAt ? valueAtPath(answer, call.recordAt) : answer;
}

/** The record's id (edit on an item path): a record without one cannot name its address. */
function idOf(record: ModuleRecord, primaryKey: string): RecordId | undefined {
  const id = record[primaryKey];
  return typeof id === 'number' || typeof id === 'string' ? id : undefined;
}

/**
 * The CRUD calls and list query keys of one REST resource of `source`; only the calls the
 * resource has are present, so the blocks offer nothing the source cannot do.
 */
export function restModule<TRow>(
  source: SourceDescription,
  calls: RestResourceCalls,
  primaryKey: string,
): { api: RestModuleApi<TRow>; queryKeys: RestModuleQueryKeys; maxPageSize?: number } {
  installSourceOptions();
  const api: RestModuleApi<TRow> = {};
  const queryKeys: RestModuleQueryKeys = {};
  const { list, info, add, edit } = calls;
  const remove = calls.delete;

  if (list) {
    api.list = restList<TRow>(source, list);
    // Without a query: the prefix of every page and search, which the blocks invalidate after
    // a change.
    queryKeys.list = (query) =>
      query ? ['source', source.name, list.path, query] : ['source', source.name, list.path];
  }
  if (info) {
    api.info = async (id) => {
      const answer = await sendRest(source, { method: info.method, path: itemPath(info, id) });
      const record = recordOf(info, requireJson(source, answer));
      if (!isRow<TRow>(record))
        throw sourceFailure(t.unreadable(source.title), answer.status, 'parse');
      return success(record);
    };
  }
  if (add) {
    api.add = async (body) => {
      // 201 with the new record, or 200, or 204: the list is asked again either way, so the
      // Location header is not followed.
      // A parent's key that fills the path (a review's book: POST /books/{isbn}/reviews) is
      // the address, not a field of the new record.
      const inPath = new Set(pathParams(add.path));
      const fields = Object.fromEntries(Object.entries(body).filter(([name]) => !inPath.has(name)));
      const answer = await sendRest(source, {
        method: add.method,
        path: itemPath(add, undefined, body),
        body: wrappedBody(add, bodyOf(add, fields, false)),
        contentType: add.contentType,
      });
      return success(recordOf(add, answer.json?.value));
    };
  }
  if (edit) {
    api.edit = async (body) => {
      // The key names the record in the path; where the body may not hold it, it is not sent.
      const fields =
        edit.keyInBody === false
          ? Object.fromEntries(Object.entries(body).filter(([name]) => name !== primaryKey))
          : body;
      const answer = await sendRest(source, {
        method: edit.method,
        path: itemPath(edit, idOf(body, primaryKey), body),
        body: edit.body === 'none' ? undefined : wrappedBody(edit, bodyOf(edit, fields, true)),
        contentType: edit.contentType,
      });
      return success(recordOf(edit, answer.json?.value));
    };
  }
  if (remove) {
    api.delete = async (id) => {
      // 204 No Content is the usual answer: data stays undefined.
      const answer = await sendRest(source, { method: remove.method, path: itemPath(remove, id) });
      return success(answer.json?.value);
    };
  }
  const maxPageSize =
    list && list.pagination.style !== 'none' ? list.pagination.maxSize : undefined;
  return maxPageSize === undefined ? { api, queryKeys } : { api, queryKeys, maxPageSize };
}
