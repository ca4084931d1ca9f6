/**
 * The stateful REST mock of an imported source (`cli import-openapi`): given the annotated
 * document, it answers its resources as the document declares them — lists in their paging
 * style with their total and filters, info (404 problem+json when absent), add (201 +
 * Location), edit (PUT/PATCH), delete (204) — and every other operation with its example or a
 * value satisfying its schema. Bodies are checked against the request schemas (400, or the 422
 * the document declares, as problem+json). Data is seeded from the document and a seed text,
 * kept in memory. `handle` takes a fetch Request and never throws.
 *
 * @example
 * const engine = createRestSource(document, { seed: 'demo' });
 * const answer = await engine.handle(new Request('http://x/v3/pet/findByStatus?status=sold'));
 */
import { textOf } from '@/core/guards';
import { serverPath } from '@/core/openapi-server';
import { declaredAnswer, invalidStatus, success } from './answers';
import { answerList } from './lists';
import { problem } from './problem';
import { seedTables, type ResourceTable } from './records';
import { add, edit, info, remove, type RecordCall } from './records-crud';
import { readBody, readParameters } from './request';
import { matchPath, readOperations, type Operation } from './routes';
import { recordAt, textAt, type Node } from './schema';
import { tokenService } from './oauth-token';
import { missingCredentials } from './security';
import { restoreState, stateOf, type SourceState } from './state';

export interface RestSourceOptions {
  /** Same seed → same data (default: the source's name). */
  seed?: string;
  /** Records per resource (5–20 drawn from the seed by default). */
  count?: number;
  /** Where the source is mounted (default: the path of its first server URL). */
  basePath?: string;
  /** Records kept from an earlier run (`state()`), in place of the seeded ones when readable. */
  state?: unknown;
}

export interface RestSource {
  name: string;
  basePath: string;
  /** The path of the document's first server URL (`/v3`; '' for none). */
  serverPath: string;
  handle(request: Request): Promise<Response>;
  /** The records of a resource (its x-admin module key), for tests. */
  records(resource: string): Node[];
  /** Every resource's records, to be stored and given back as `options.state`. */
  state(): SourceState;
  /** The same source afresh: with records kept earlier (`state()`), or seeded when undefined. */
  withState(state: unknown): RestSource;
}

function segmentsOf(pathname: string): string[] | undefined {
  try {
    return pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

export function createRestSource(document: Node, options: RestSourceOptions = {}): RestSource {
  const name = textAt(recordAt(document, 'x-admin', 'source'), 'name') ?? 'source';
  const seed = options.seed ?? name;
  const basePath = options.basePath ?? serverPath(document);
  const { operations, resources } = readOperations(document);
  const tables = seedTables(document, resources, operations, { seed, count: options.count });
  if (options.state !== undefined) restoreState(tables, options.state);
  const tokens = tokenService(name, document);
  const tableOf = (operation: Operation): ResourceTable | undefined =>
    operation.resource && tables.get(operation.resource.key);

  async function answer(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const inside = url.pathname === basePath || url.pathname.startsWith(`${basePath}/`);
    const segments = inside ? segmentsOf(url.pathname.slice(basePath.length)) : undefined;
    if (!segments) return problem(404, `Nothing is served at ${url.pathname}`);
    // An OAuth2 scheme's relative token URL (its sign-in), before the document's own paths.
    const token = tokens.answer(url.pathname.slice(basePath.length), request);
    if (token) return token;
    const fitting = operations
      .map((operation) => ({ operation, values: matchPath(operation, segments) }))
      .filter((found) => found.values !== undefined);
    const method = request.method.toUpperCase();
    const found = fitting.find((item) => item.operation.method === method);
    if (!found?.values) {
      if (fitting.length === 0) return problem(404, `Nothing is served at ${url.pathname}`);
      const allowed = [...new Set(fitting.map((item) => item.operation.method))].join(', ');
      return problem(405, `${method} is not allowed here; use ${allowed}`, undefined, {
        Allow: allowed,
      });
    }
    const { operation } = found;
    const wanted = missingCredentials(document, operation.operation, request, url);
    if (wanted)
      return problem(401, `This call needs credentials: ${wanted}`, undefined, {
        'WWW-Authenticate': wanted,
      });
    const parameters = readParameters(document, operation, found.values, url.searchParams);
    if (!parameters.ok) return problem(parameters.status, parameters.detail, parameters.errors);
    const capability = operation.capability;
    const table = tableOf(operation);
    const mode = method === 'PATCH' ? 'patch' : 'input';
    const body = await readBody(document, operation, request, mode, invalidStatus(operation));
    if (!body.ok) return problem(body.status, body.detail, body.errors);
    if (!table || !capability) {
      // A row action on a record that is not there: 404, as its info would answer.
      const absent =
        table && operation.action === 'row'
          ? absentRow(operation, table, parameters.value)
          : undefined;
      return absent ?? declaredAnswer(document, operation, seed);
    }
    const itemOperation = operations.find(
      (other) => other.resource === operation.resource && other.capability === 'info',
    );
    const call: RecordCall = {
      document,
      operation,
      table,
      parameters: parameters.value,
      body: body.value.value,
      bodySchema: body.value.schema,
      basePath,
      itemTemplate: itemOperation?.template,
    };
    const parentParam = table.resource.parentParam;
    const parent = parentParam ? textOfParam(parameters.value, parentParam) : undefined;
    if (parent !== undefined && !parentExists(parent, operation))
      return problem(404, `${parentParam} ${parent} does not exist`);
    switch (capability) {
      case 'list': {
        const rows =
          parent === undefined ? table.rows : table.rows.filter((row) => row.parent === parent);
        return answerList(
          document,
          operation,
          table,
          rows,
          parameters.value,
          success(document, operation, 200),
        );
      }
      case 'info':
        return info(call);
      case 'add':
        return add(call);
      case 'edit':
        return edit(call, method === 'PATCH');
      case 'delete':
        return remove(call);
      default:
        return declaredAnswer(document, operation, seed);
    }
  }

  /**
   * The 404 of a row action (`POST /articles/{slug}/favorite`) whose record does not exist: the
   * record is named by the placeholder its info call's path ends with, where the action's path
   * starts with that path. Undefined when it exists, or the action names no record this way.
   */
  function absentRow(
    operation: Operation,
    table: ResourceTable,
    values: ReadonlyMap<string, unknown>,
  ): Response | undefined {
    const item = operations.find(
      (other) => other.resource === operation.resource && other.capability === 'info',
    );
    if (!item || operation.segments.length <= item.segments.length) return undefined;
    // The same path up to the item's placeholder, whatever each placeholder is named.
    const under = item.segments.every((segment, index) =>
      segment.startsWith('{')
        ? operation.segments[index]?.startsWith('{')
        : operation.segments[index] === segment,
    );
    const at = operation.segments[item.segments.length - 1] ?? '';
    const param = /^\{(.+)\}$/.exec(at)?.[1];
    const key = param === undefined ? undefined : textOfParam(values, param);
    if (!under || key === undefined) return undefined;
    const primaryKey = table.resource.primaryKey;
    if (table.rows.some((row) => textOf(row.value[primaryKey]) === key)) return undefined;
    return problem(404, `${table.resource.key} ${key} does not exist`);
  }

  function textOfParam(values: ReadonlyMap<string, unknown>, param: string): string | undefined {
    const value = values.get(param);
    return value === undefined ? undefined : textOf(value);
  }

  /** A nested call's parent record exists (the book of /books/{isbn}/reviews). */
  function parentExists(key: string, operation: Operation): boolean {
    const index = operation.segments.indexOf(`{${operation.resource?.parentParam ?? ''}}`);
    const collection = operation.segments.slice(0, index).join('/');
    for (const other of tables.values()) {
      const list = operations.find(
        (item) => item.resource === other.resource && item.capability === 'list',
      );
      if (list && list.segments.join('/') === collection)
        return other.rows.some((row) => textOf(row.value[other.resource.primaryKey]) === key);
    }
    return true;
  }

  return {
    name,
    basePath,
    serverPath: serverPath(document),
    async handle(request) {
      try {
        return await answer(request);
      } catch (error) {
        console.error(`mock source ${name}: ${request.method} ${request.url} failed`, error);
        return problem(500, 'The mock failed to answer this request');
      }
    },
    records: (resource) => tables.get(resource)?.rows.map((row) => row.value) ?? [],
    state: () => stateOf(tables),
    withState: (state) => createRestSource(document, { ...options, seed, basePath, state }),
  };
}
