/**
 * The Prism-style half of the mock backend: requests are checked against the contract
 * (generated/openapi.json) before any handler runs. A JSON body is validated against the
 * operation's request schema, the query against its query parameters (numbers sent as text are
 * fine), and a form posted to a JSON call against the same schema. The first violation answers
 * status 201 with a message naming the field by its label (the x-admin label in the contract,
 * else the property name): 「公告标题」长度不能超过100个字符, 请输入公告标题.
 *
 * The contract and ajv load on the first request, and each operation's validators are compiled
 * once, on its first call. ajv compiles schemas to code with `new Function`: under a strict
 * Content-Security-Policy without 'unsafe-eval' compiling fails, and the mock then serves
 * without request validation (warned once) rather than not at all.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { OPERATION_PERMISSIONS } from '@generated/permissions';
import { mockMessages, mockQueryLabels } from '@/locale/mock';
import { hasJsonBody, parseBody, readDecryptedQuery, type BodyReading, type Params } from './util';
import { listOf } from '@/core/guards';

type Schema = Record<string, unknown>;

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
  tags?: { name: string; 'x-admin'?: { entity?: string } }[];
}

interface Operation {
  operationId: string;
  method: string;
  tag: string | undefined;
  /** Query parameters by name, schemas as in the contract. */
  query: Map<string, { schema: Schema; required: boolean }>;
  /** The application/json request body schema. */
  body: Schema | undefined;
  /** The operation's x-admin (its settings, e.g. importMaxRows). */
  admin: Schema;
}

interface Validators {
  query: ValidateFunction | undefined;
  body: ValidateFunction | undefined;
  labels: Map<string, string>;
}

interface Contract {
  doc: OpenApiDocument;
  /** Paths without parameters, lower-cased, without a trailing slash. */
  concrete: Map<string, Operation[]>;
  /** Paths with parameters (`/api/{module}/add`) as patterns, one capture group a parameter. */
  templates: { pattern: RegExp; parameters: string[]; operations: Operation[] }[];
  compile: (schema: Schema) => ValidateFunction;
  validators: Map<Operation, Validators>;
}

/** Local refs resolve inside the contract registered under this id. */
const DOC_ID = 'https://contract.invalid/openapi.json';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deref(doc: OpenApiDocument, value: unknown, seen = new Set<string>()): Schema {
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

function normalPath(path: string): string {
  return path.toLowerCase().replace(/\/+$/, '');
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
  };
}

async function createCompiler(doc: OpenApiDocument): Promise<Contract['compile']> {
  const [{ Ajv2020 }, formats] = await Promise.all([
    import('ajv/dist/2020.js'),
    import('ajv-formats'),
  ]);
  const addFormats = formats.default;
  const ajv = new Ajv2020({ strict: false, allErrors: false, verbose: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema({ $id: DOC_ID, components: doc.components });
  return (schema) =>
    ajv.compile(
      JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, `"${DOC_ID}#/components/`)),
    );
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
      templates.push({ pattern: new RegExp(`^${normalPath(source)}$`), parameters, operations });
    } else {
      const key = normalPath(route);
      concrete.set(key, [...(concrete.get(key) ?? []), ...operations]);
    }
  }
  return { doc, concrete, templates, compile: await createCompiler(doc), validators: new Map() };
}

let contract: Promise<Contract> | undefined;

function loadContract(): Promise<Contract> {
  contract ??= buildContract();
  return contract;
}

/**
 * The operation a call is checked against: same path and method first (a concrete path before
 * a template), else the path's operation under another method (then only the query is checked:
 * the engine answers list calls as GET or POST).
 */
function findOperation(
  found: Contract,
  method: string,
  pathname: string,
): { operation: Operation; sameMethod: boolean; parameters: Map<string, string> } | undefined {
  const path = normalPath(pathname);
  const concrete = (found.concrete.get(path) ?? []).map((operation) => ({
    operation,
    parameters: new Map<string, string>(),
  }));
  const templated = found.templates.flatMap((template) => {
    const match = template.pattern.exec(path);
    if (!match) return [];
    const parameters = new Map(template.parameters.map((name, i) => [name, match[i + 1] ?? '']));
    return template.operations.map((operation) => ({ operation, parameters }));
  });
  for (const candidates of [concrete, templated]) {
    const found = candidates.find((candidate) => candidate.operation.method === method);
    if (found) return { ...found, sameMethod: true };
  }
  const other = concrete[0] ?? templated[0];
  return other ? { ...other, sameMethod: false } : undefined;
}

/**
 * The permission key guarding a call (generated/permissions.ts, from the contract's
 * x-admin.permission), with a `{param}` filled in from the path, upper-cased; undefined for a
 * call that needs none (public, reading, the caller's own account) or that the contract lacks.
 * The path's operation of another method counts too, so a write cannot slip past its key by
 * being sent with an unexpected method.
 */
export async function callPermission(
  method: string,
  pathname: string,
): Promise<string | undefined> {
  const match = findOperation(await loadContract(), method, pathname);
  if (!match) return undefined;
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

// --- labels ----------------------------------------------------------------------------------

/** Labels of every property reachable from `schema` (x-admin.label), first one wins. */
function collectLabels(
  doc: OpenApiDocument,
  schema: unknown,
  labels: Map<string, string>,
  seen: Set<unknown>,
): void {
  if (!isObject(schema) || seen.has(schema)) return;
  seen.add(schema);
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    collectLabels(doc, deref(doc, schema), labels, seen);
    // A form body (AdminNoticeInput) takes its labels from its record (AdminNotice).
    const input = /^#\/components\/schemas\/(.+)Input$/.exec(ref);
    if (input)
      collectLabels(doc, deref(doc, { $ref: `#/components/schemas/${input[1]}` }), labels, seen);
  }
  if (isObject(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      const admin = isObject(property) ? property['x-admin'] : undefined;
      if (isObject(admin) && typeof admin.label === 'string' && !labels.has(name))
        labels.set(name, admin.label);
      collectLabels(doc, property, labels, seen);
    }
  }
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const parts = schema[key];
    if (Array.isArray(parts)) for (const part of parts) collectLabels(doc, part, labels, seen);
  }
  collectLabels(doc, schema.items, labels, seen);
}

function labelsOf(doc: OpenApiDocument, operation: Operation): Map<string, string> {
  const labels = new Map<string, string>();
  const seen = new Set<unknown>();
  collectLabels(doc, operation.body, labels, seen);
  for (const [name, { schema }] of operation.query) {
    collectLabels(doc, { properties: { [name]: schema } }, labels, seen);
  }
  // The module's record names the fields its list filters and forms use.
  const entity = doc.tags?.find((tag) => tag.name === operation.tag)?.['x-admin']?.entity;
  if (entity) collectLabels(doc, { $ref: `#/components/schemas/${entity}` }, labels, seen);
  return labels;
}

function labelFor(labels: Map<string, string>, name: string): string {
  if (!name) return mockMessages.bodyLabel;
  return labels.get(name) ?? (Object.hasOwn(mockQueryLabels, name) ? mockQueryLabels[name]! : name);
}

// --- coercion of text (query strings, form fields) --------------------------------------------

/** The types a schema allows (through $ref and allOf); empty when any type goes. */
function typesOf(doc: OpenApiDocument, raw: unknown, depth = 0): string[] {
  const schema = deref(doc, raw);
  if (depth > 8) return [];
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((type) => typeof type === 'string');
  if (Array.isArray(schema.enum)) {
    const kinds = new Set(schema.enum.map((value) => typeof value));
    return kinds.size === 1 && kinds.has('number') ? ['number'] : [];
  }
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const parts = schema[key];
    if (!Array.isArray(parts)) continue;
    const types = parts.flatMap((part) => typesOf(doc, part, depth + 1));
    // oneOf [integer, string] keeps the text: coercing would make both branches match.
    if (key !== 'allOf' && types.includes('string')) return ['string'];
    if (types.length) return types;
  }
  return [];
}

const NUMERIC = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Text as the type the schema asks for, when it reads as one; otherwise left as sent. */
function coerceText(value: unknown, types: string[]): unknown {
  if (typeof value !== 'string' || !types.length || types.includes('string')) return value;
  const text = value.trim();
  if ((types.includes('integer') || types.includes('number')) && NUMERIC.test(text))
    return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  if ((types.includes('array') || types.includes('object')) && /^[[{]/.test(text)) {
    try {
      const parsed: unknown = JSON.parse(text);
      return parsed;
    } catch {
      return value;
    }
  }
  return value;
}

/**
 * A value typed into a form or a spreadsheet cell as the schema's type: text by `coerceText`;
 * a number or a true/false cell in a text-only field as its text (Excel turns 13800138001
 * typed into a cell into a number).
 */
function coerceField(value: unknown, types: string[]): unknown {
  const textOnly =
    types.includes('string') &&
    !types.some((type) => ['integer', 'number', 'boolean'].includes(type));
  if ((typeof value === 'number' || typeof value === 'boolean') && textOnly) return String(value);
  return coerceText(value, types);
}

/** The properties of an object schema, through $ref and allOf. */
function propertiesOf(doc: OpenApiDocument, raw: unknown, depth = 0): Map<string, unknown> {
  const schema = deref(doc, raw);
  const properties = new Map<string, unknown>();
  if (depth > 8) return properties;
  if (isObject(schema.properties))
    for (const [name, property] of Object.entries(schema.properties))
      properties.set(name, property);
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf)
      for (const [name, property] of propertiesOf(doc, part, depth + 1))
        if (!properties.has(name)) properties.set(name, property);
  }
  return properties;
}

/** Empty values stand for "not given": a blank optional field is not a malformed one. */
function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && !value.trim());
}

function withoutBlanks(values: Params): Params {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => !isBlank(value)));
}

// --- messages --------------------------------------------------------------------------------

const COMPOSITE = new Set(['oneOf', 'anyOf', 'allOf', 'not', 'if', 'then', 'else']);

function fieldOf(error: ErrorObject): string {
  const parts = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') parts.push(String(error.params.missingProperty ?? ''));
  return [...parts].reverse().find((part) => !/^\d+$/.test(part)) ?? '';
}

function limitOf(error: ErrorObject): number {
  return Number(error.params.limit);
}

/** The error a message is about: a missing field first, else the first concrete keyword. */
function chosenError(errors: readonly ErrorObject[]): ErrorObject {
  const required = errors.find((error) => error.keyword === 'required');
  return required ?? errors.find((item) => !COMPOSITE.has(item.keyword)) ?? errors[0]!;
}

/** What is wrong with one field of a body, as the call answers it. */
export interface FieldProblem {
  /** The property the message is about (empty for the body as a whole). */
  field: string;
  label: string;
  message: string;
}

function problemFor(errors: readonly ErrorObject[], labels: Map<string, string>): FieldProblem {
  const field = fieldOf(chosenError(errors));
  return { field, label: labelFor(labels, field), message: messageFor(errors, labels) };
}

function messageFor(errors: readonly ErrorObject[], labels: Map<string, string>): string {
  const error = chosenError(errors);
  const required = error.keyword === 'required';
  const label = labelFor(labels, fieldOf(error));
  // A value matching none of several shapes (an id that is neither number nor text).
  const ofSeveral = errors.some(
    (item) =>
      (item.keyword === 'oneOf' || item.keyword === 'anyOf') &&
      item.instancePath === error.instancePath,
  );
  if (!required && ofSeveral) return mockMessages.badFormat(label);
  const parent = isObject(error.parentSchema) ? error.parentSchema : {};
  switch (error.keyword) {
    case 'required':
      return mockMessages.required(label);
    case 'type': {
      if (Array.isArray(parent.enum)) return mockMessages.badValue(label);
      const wanted = String(error.params.type ?? '');
      if (wanted === 'integer') return mockMessages.notInteger(label);
      if (wanted === 'number') return mockMessages.notNumber(label);
      if (wanted === 'string') return mockMessages.notText(label);
      return mockMessages.badFormat(label);
    }
    case 'enum':
    case 'const':
      return mockMessages.badValue(label);
    case 'maxLength':
      return mockMessages.tooLong(label, limitOf(error));
    case 'minLength':
      return limitOf(error) <= 1
        ? mockMessages.required(label)
        : mockMessages.tooShort(label, limitOf(error));
    case 'maximum':
    case 'exclusiveMaximum':
      return mockMessages.tooBig(label, limitOf(error));
    case 'minimum':
    case 'exclusiveMinimum':
      return mockMessages.tooSmall(label, limitOf(error));
    case 'maxItems':
      return mockMessages.tooManyItems(label, limitOf(error));
    case 'minItems':
      return limitOf(error) <= 1
        ? mockMessages.required(label)
        : mockMessages.tooFewItems(label, limitOf(error));
    default:
      return mockMessages.badFormat(label);
  }
}

// --- validation ------------------------------------------------------------------------------

function validatorsFor(found: Contract, operation: Operation): Validators {
  let validators = found.validators.get(operation);
  if (!validators) {
    const properties: Schema = {};
    const required: string[] = [];
    for (const [name, parameter] of operation.query) {
      properties[name] = parameter.schema;
      if (parameter.required) required.push(name);
    }
    validators = {
      query: operation.query.size
        ? found.compile({ type: 'object', properties, required })
        : undefined,
      body: operation.body ? found.compile(operation.body) : undefined,
      labels: labelsOf(found.doc, operation),
    };
    found.validators.set(operation, validators);
  }
  return validators;
}

interface ContractInput {
  method: string;
  url: URL;
  /** The query (decrypted when sealed). */
  query: Params;
  /** The JSON body as sent (decrypted); undefined without one. */
  json: unknown;
  /** The fields of a form post (multipart or url-encoded), when the body is a form. */
  form?: Params;
}

/** Set (and warned once) when the contract or ajv cannot load or compile. */
let validationOff = false;

export interface ContractOptions {
  /**
   * Operations (by operationId) left to their handlers: they check the same fields first,
   * worded as the spec words them, and call `requestProblem` themselves afterwards.
   */
  deferTo?: ReadonlySet<string>;
  /** The body as already read (from a clone) by the caller. */
  reading?: BodyReading;
}

/**
 * The first contract violation of a call as the user reads it, or undefined (also for calls
 * the contract does not describe). Reads a clone of the request.
 */
export async function requestProblem(
  request: Request,
  options: ContractOptions = {},
): Promise<string | undefined> {
  const reading = options.reading ?? (await parseBody(request.clone()));
  if (!reading.ok) return undefined;
  return contractProblem(
    {
      method: request.method,
      url: new URL(request.url),
      query: await readDecryptedQuery(request),
      json: reading.json,
      form: hasJsonBody(request) ? undefined : reading.params,
    },
    options.deferTo,
  );
}

async function contractProblem(
  input: ContractInput,
  deferTo: ReadonlySet<string> = new Set(),
): Promise<string | undefined> {
  let found: Contract;
  try {
    found = await loadContract();
  } catch (error) {
    if (!validationOff) console.warn('mock backend: request validation is off', error);
    validationOff = true;
    return undefined;
  }
  const match = findOperation(found, input.method, input.url.pathname);
  if (!match || deferTo.has(match.operation.operationId)) return undefined;
  const { operation, sameMethod } = match;
  let validators: Validators;
  try {
    validators = validatorsFor(found, operation);
  } catch (error) {
    // e.g. a Content-Security-Policy without 'unsafe-eval' in the browser (see the header).
    if (!validationOff) console.warn('mock backend: request validation is off', error);
    validationOff = true;
    return undefined;
  }
  if (validators.query) {
    const query: Params = {};
    for (const [name, { schema }] of operation.query) {
      if (!Object.hasOwn(input.query, name) || isBlank(input.query[name])) continue;
      query[name] = coerceText(input.query[name], typesOf(found.doc, schema));
    }
    if (!validators.query(query))
      return messageFor(validators.query.errors ?? [], validators.labels);
  }
  if (!validators.body || !sameMethod || !operation.body) return undefined;
  let body: unknown = input.json;
  if (input.form) body = typedFields(found.doc, operation.body, input.form);
  body ??= {};
  if (isObject(body)) body = withoutBlanks(body);
  if (!validators.body(body)) return messageFor(validators.body.errors ?? [], validators.labels);
  return undefined;
}

/** Fields of a form (or a sheet row) as the body schema's types, blanks dropped. */
function typedFields(doc: OpenApiDocument, schema: Schema, fields: Params): Params {
  const properties = propertiesOf(doc, schema);
  return withoutBlanks(
    Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [
        name,
        coerceField(value, typesOf(doc, properties.get(name))),
      ]),
    ),
  );
}

/** Checks one record; `record` is what the call would store (typed, blanks dropped). */
export type RecordCheck = (fields: Params) => { record: Params; problem: FieldProblem | undefined };

/**
 * The check the request guard makes of a form posted to `method pathname`, for records that
 * arrive some other way: the import checks each sheet row as `add` checks its body, with the
 * same messages. Resolves the operation once; a call the contract does not describe (or
 * validation being off, see the header) checks nothing and keeps the fields as given.
 */
export async function recordChecker(method: string, pathname: string): Promise<RecordCheck> {
  const unchecked: RecordCheck = (fields) => ({
    record: withoutBlanks(fields),
    problem: undefined,
  });
  let found: Contract;
  try {
    found = await loadContract();
  } catch (error) {
    if (!validationOff) console.warn('mock backend: request validation is off', error);
    validationOff = true;
    return unchecked;
  }
  const match = findOperation(found, method.toUpperCase(), pathname);
  const schema = match?.sameMethod ? match.operation.body : undefined;
  if (!match || !schema) return unchecked;
  let validate: ValidateFunction | undefined;
  let labels: Map<string, string>;
  try {
    ({ body: validate, labels } = validatorsFor(found, match.operation));
  } catch (error) {
    if (!validationOff) console.warn('mock backend: request validation is off', error);
    validationOff = true;
    return unchecked;
  }
  if (!validate) return unchecked;
  const check = validate;
  return (fields) => {
    const record = typedFields(found.doc, schema, fields);
    const problem = check(record) ? undefined : problemFor(check.errors ?? [], labels);
    return { record, problem };
  };
}
