/**
 * The Prism-style half of the mock backend: requests are checked against the contract
 * (generated/openapi.json) before any handler runs. A JSON body is validated against the
 * operation's request schema, the query against its query parameters (numbers sent as text are
 * fine), and a form posted to a JSON call against the same schema. A refused call answers
 * status 201 with the first violation's message naming the field by its label (the x-admin
 * label in the contract, else the property name): 「公告标题」长度不能超过100个字符, 请输入公告标题;
 * every violation is listed in the envelope's data as `errors: [{ field, pointer, message }]`.
 *
 * The contract and the validator (./json-schema, shared with the imported sources) load on the
 * first request, and each operation's validators are compiled
 * once, on its first call. ajv compiles schemas to code with `new Function`: under a strict
 * Content-Security-Policy without 'unsafe-eval' compiling fails, and the mock then serves
 * without request validation (warned once) rather than not at all.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { hasJsonBody, parseBody, readDecryptedQuery, type BodyReading, type Params } from './util';
import {
  findOperation,
  isObject,
  loadContract,
  type Contract,
  type Operation,
  type Schema,
  type Validators,
} from './contract-document';
import {
  coerceText,
  isBlank,
  labelFor,
  labelsOf,
  typedFields,
  typesOf,
  withoutBlanks,
} from './contract-fields';
import {
  problemFor,
  problemsFor,
  type FieldProblem,
  type LocatedProblem,
} from './contract-messages';
import { designedFieldRows, designedLabels, designedValueProblem } from './designed-values';
import { nonFiniteAt } from '@/core/value-rules';
import { mockMessages } from '@/locale/mock';
import type { MockRow } from './types';
import { pointerSegment } from './schema-errors';

export { callSetting } from './contract-document';
export type { FieldProblem, LocatedProblem } from './contract-messages';

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

/** Why the contract refuses a call: the first violation's message, and every violation. */
export interface ContractRefusal {
  message: string;
  problems: LocatedProblem[];
}

/**
 * The first contract violation of a call as the user reads it, or undefined (also for calls
 * the contract does not describe). Reads a clone of the request.
 */
export async function requestProblem(
  request: Request,
  options: ContractOptions = {},
): Promise<string | undefined> {
  return (await requestRefusal(request, options))?.message;
}

/** Every contract violation of a call (see requestProblem), or undefined when there is none. */
export async function requestRefusal(
  request: Request,
  options: ContractOptions = {},
): Promise<ContractRefusal | undefined> {
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

/** The refusal of every violation ajv found, the first one's message in front. */
function refusalOf(errors: readonly ErrorObject[], labels: Map<string, string>): ContractRefusal {
  const problems = problemsFor(errors, labels);
  return { message: problems[0]?.message ?? problemFor(errors, labels).message, problems };
}

async function contractProblem(
  input: ContractInput,
  deferTo: ReadonlySet<string> = new Set(),
): Promise<ContractRefusal | undefined> {
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
  const { operation, sameMethod, parameters } = match;
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
      return refusalOf(validators.query.errors ?? [], validators.labels);
  }
  if (!sameMethod) return undefined;
  const designed = designedRowsOf(parameters);
  const labels = designed.length
    ? new Map([...validators.labels, ...designedLabels(designed)])
    : validators.labels;
  // Before the schema, and whatever it says: a free-form body (a designed module's record)
  // would store Infinity as null.
  const nonFinite = nonFiniteAt(input.json);
  if (nonFinite) {
    const field = lastName(nonFinite);
    const label = labelFor(labels, field);
    const message = mockMessages.notFiniteNumber(label);
    const pointer = nonFinite.map((part) => `/${pointerSegment(String(part))}`).join('');
    return { message, problems: [{ field, pointer, label, message }] };
  }
  if (!validators.body || !operation.body) return undefined;
  let body: unknown = input.json;
  if (input.form) body = typedFields(found.doc, operation.body, input.form);
  body ??= {};
  if (isObject(body)) body = withoutBlanks(body);
  if (!validators.body(body)) return refusalOf(validators.body.errors ?? [], labels);
  const designedProblem = isObject(body) ? designedValueProblem(designed, body) : undefined;
  if (!designedProblem) return undefined;
  const pointer = `/${pointerSegment(designedProblem.field)}`;
  return { message: designedProblem.message, problems: [{ ...designedProblem, pointer }] };
}

/**
 * The designer's field rows behind a generic route's `{module}` (/api/{module}/add): the
 * contract's ModuleRecord leaves their values free, the designed controls do not.
 */
function designedRowsOf(parameters: ReadonlyMap<string, string>): MockRow[] {
  const group = parameters.get('module');
  return group ? designedFieldRows(group) : [];
}

/** The property a value sits in (the nearest name, not an array index). */
function lastName(path: readonly (string | number)[]): string {
  const name = [...path].reverse().find((part) => typeof part === 'string');
  return typeof name === 'string' ? name : '';
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
  const designed = designedRowsOf(match.parameters);
  return (fields) => {
    const record = typedFields(found.doc, schema, fields);
    const problem = check(record)
      ? designedValueProblem(designed, record)
      : problemFor(check.errors ?? [], labels);
    return { record, problem };
  };
}
