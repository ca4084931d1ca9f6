/**
 * The contract as the mock backend reads it (generated/openapi.json, loaded with the validator
 * on the first call): its operations by path and method, and what a call's operation says — the
 * permission key guarding it and its x-admin settings.
 */
import type { ValidateFunction } from 'ajv';
import { OPERATION_PERMISSIONS } from '@generated/permissions';
import { listOf } from '@/core/guards';

export type Schema = Record<string, unknown>;

export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
  tags?: { name: string; 'x-admin'?: { entity?: string } }[];
}

export interface Operation {
  operationId: string;
  method: string;
  tag: string | undefined;
  /** Query parameters by name, schemas as in the contract. */
  query: Map<string, { schema: Schema; required: boolean }>;
  /** The application/json request body schema. */
  body: Schema | undefined;
  /** The operation's x-admin (its settings, e.g. importMaxRows). */
  admin: Schema;
  /** Answered without a token: the operation's own `security` is the empty list. */
  isPublic: boolean;
}

export interface Validators {
  query: ValidateFunction | undefined;
  body: ValidateFunction | undefined;
  labels: Map<string, string>;
}

export interface Contract {
  doc: OpenApiDocument;
  /** Paths without parameters, in their own letter case, without a trailing slash. */
  concrete: Map<string, Operation[]>;
  /** Paths with parameters (`/api/{module}/add`) as patterns, one capture group a parameter. */
  templates: PathTemplate[];
  compile: (schema: Schema) => ValidateFunction;
  validators: Map<Operation, Validators>;
}

interface PathTemplate {
  pattern: RegExp;
  parameters: string[];
  /** Each parameter's schema pattern (`{module}`: `^[a-z0-9_]+$`), tested on its decoded value. */
  accepts: Map<string, RegExp>;
  operations: Operation[];
}

/** Local refs resolve inside the contract registered under this id. */
const DOC_ID = 'https://contract.invalid/openapi.json';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function deref(doc: OpenApiDocument, value: unknown, seen = new Set<string>()): Schema {
  if (!isObject(value)) return {};
  const ref = value.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/') || seen.has(ref)) return value;
  seen.add(ref);
  let target: unknown = doc;
  for (const part of ref.slice(2).split('/')) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    target = isObject(target) && Object.hasOwn(target, key) ? target[key] : undefined;
  }
  return deref(doc, target, seen);
}

/**
 * A path as it is looked up: without a trailing slash, in the letter case it was sent in (the
 * contract's paths are case-sensitive, as a real server's routes are: `/API/…` is no call).
 */
function normalPath(path: string): string {
  return path.replace(/\/+$/, '');
}

function readOperation(
  doc: OpenApiDocument,
  method: string,
  raw: Schema,
  shared: unknown[],
): Operation {
  const query = new Map<string, { schema: Schema; required: boolean }>();
  const parameters = [...shared, ...listOf(raw.parameters)];
  for (const entry of parameters) {
    const parameter = deref(doc, entry);
    if (parameter.in === 'query' && typeof parameter.name === 'string') {
      query.set(parameter.name, {
        schema: isObject(parameter.schema) ? parameter.schema : {},
        required: parameter.required === true,
      });
    }
  }
  const requestBody = deref(doc, raw.requestBody);
  const content = isObject(requestBody.content) ? requestBody.content : {};
  const json = content['application/json'];
  const body = isObject(json) && isObject(json.schema) ? json.schema : undefined;
  const tags = Array.isArray(raw.tags) ? raw.tags : [];
  return {
    operationId: typeof raw.operationId === 'string' ? raw.operationId : '',
    method: method.toUpperCase(),
    tag: typeof tags[0] === 'string' ? tags[0] : undefined,
    query,
    body,
    admin: isObject(raw['x-admin']) ? raw['x-admin'] : {},
    isPublic: Array.isArray(raw.security) && raw.security.length === 0,
  };
}

/** The schema patterns of a path's `in: path` parameters, by name. */
function pathParameterPatterns(doc: OpenApiDocument, entries: unknown[]): Map<string, RegExp> {
  const accepts = new Map<string, RegExp>();
  for (const entry of entries) {
    const parameter = deref(doc, entry);
    const schema = deref(doc, parameter.schema);
    if (parameter.in === 'path' && typeof parameter.name === 'string')
      if (typeof schema.pattern === 'string')
        accepts.set(parameter.name, new RegExp(schema.pattern));
  }
  return accepts;
}

/** The contract's schemas in the mock's one validator (./json-schema), loaded on the first call. */
async function createCompiler(doc: OpenApiDocument): Promise<Contract['compile']> {
  const { addDocument, compileAt } = await import('./json-schema');
  addDocument(DOC_ID, { components: doc.components });
  return (schema) => compileAt(DOC_ID, schema);
}

async function buildContract(): Promise<Contract> {
  // The JSON module's inferred literal type is huge and too exact; the generator wrote this very
  // document from the validated contract, so it has the OpenAPI shape read here.
  const doc = (await import('@generated/openapi.json')).default as unknown as OpenApiDocument;
  const concrete = new Map<string, Operation[]>();
  const templates: Contract['templates'] = [];
  for (const [route, item] of Object.entries(doc.paths)) {
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    const operations = METHODS.flatMap((method) => {
      const operation = item[method];
      return isObject(operation) ? [readOperation(doc, method, operation, shared)] : [];
    });
    if (route.includes('{')) {
      const source = route
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('([^/]+)');
      const parameters = [...route.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
      const declared = [
        ...listOf(item.parameters),
        ...METHODS.flatMap((method) => {
          const operation = item[method];
          return isObject(operation) ? listOf(operation.parameters) : [];
        }),
      ];
      templates.push({
        pattern: new RegExp(`^${normalPath(source)}$`),
        parameters,
        accepts: pathParameterPatterns(doc, declared),
        operations,
      });
    } else {
      const key = normalPath(route);
      concrete.set(key, [...(concrete.get(key) ?? []), ...operations]);
    }
  }
  return { doc, concrete, templates, compile: await createCompiler(doc), validators: new Map() };
}

let contract: Promise<Contract> | undefined;

export function loadContract(): Promise<Contract> {
  contract ??= buildContract();
  return contract;
}

/** One operation a call reaches, with the values of its path's parameters. */
export interface OperationMatch {
  operation: Operation;
  /** False: the path's operation under another method (only its query is checked then). */
  sameMethod: boolean;
  parameters: Map<string, string>;
  /** Every method the contract declares for the path (a 405's Allow header). */
  allowed: string[];
}

/**
 * The operation a call is checked against: same path and method first (a concrete path before
 * a template), else the path's operation under another method — which the call guard
 * (./call-guard) answers with 405 before any check of the body runs.
 */
export function findOperation(
  found: Contract,
  method: string,
  pathname: string,
): OperationMatch | undefined {
  const path = normalPath(pathname);
  const concrete = (found.concrete.get(path) ?? []).map((operation) => ({
    operation,
    parameters: new Map<string, string>(),
  }));
  const templated = found.templates.flatMap((template) => {
    const match = template.pattern.exec(path);
    if (!match) return [];
    const parameters = new Map(template.parameters.map((name, i) => [name, match[i + 1] ?? '']));
    // A value its schema does not allow (`/api/ADMINUSER/add`) is no call of the template.
    for (const [name, accepts] of template.accepts)
      if (!accepts.test(decodedSegment(parameters.get(name) ?? ''))) return [];
    return template.operations.map((operation) => ({ operation, parameters }));
  });
  const allowed = [
    ...new Set([...concrete, ...templated].map((candidate) => candidate.operation.method)),
  ];
  for (const candidates of [concrete, templated]) {
    const same = candidates.find((candidate) => candidate.operation.method === method);
    if (same) return { ...same, sameMethod: true, allowed };
  }
  const other = concrete[0] ?? templated[0];
  return other ? { ...other, sameMethod: false, allowed } : undefined;
}

/**
 * The permission key guarding an operation (generated/permissions.ts, from the contract's
 * x-admin.permission), with a `{param}` filled in from the path, upper-cased; undefined for an
 * operation that needs none (public, reading, the caller's own account).
 */
export function operationPermission(match: OperationMatch): string | undefined {
  const { operationId } = match.operation;
  const key = Object.hasOwn(OPERATION_PERMISSIONS, operationId)
    ? OPERATION_PERMISSIONS[operationId]
    : undefined;
  return key?.replace(/^\{([^}]+)\}/, (_, name: string) =>
    decodedSegment(match.parameters.get(name) ?? '').toUpperCase(),
  );
}

/**
 * A whole-number setting of the call's operation in the contract (x-admin), e.g. the
 * importMaxRows of an import; `fallback` when the contract gives none.
 */
export async function callSetting(
  method: string,
  pathname: string,
  name: string,
  fallback: number,
): Promise<number> {
  const value = findOperation(await loadContract(), method, pathname)?.operation.admin[name];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;
}

/** A path segment as the handlers read it; a malformed escape stays as sent. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
