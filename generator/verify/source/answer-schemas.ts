/**
 * Answers checked against the schemas the document declares for them, with ajv. The whole
 * document is added once under an id and each response schema compiled as a `$ref` to its place
 * in it (`…#/paths/~1pet/get/responses/200/content/application~1json/schema`), so its `$ref`s to
 * components resolve as they do in the document, whatever the OpenAPI version names them.
 */
import type { ValidateFunction } from 'ajv';
import { isJson, type Json } from '../../json';
import { resolveRef } from '../../model/refs';
import { refPath } from '../../import-openapi/schemas';
import type { SourceOperation } from '../../import-openapi/source-operations';
import { describeSchemaErrors } from '../schema';
import { isJsonType, mediaTypeOf } from './http';
import { operationObject } from './plan';

export type SchemaCheck =
  /** The operation declares no JSON body for this status (204, a text answer, none at all). */
  | { declared: false }
  /** `errors` when the body does not fit; `unchecked` when the schema itself cannot be compiled. */
  | { declared: true; errors?: string; unchecked?: string };

export type CheckAnswer = (
  operation: SourceOperation,
  status: number,
  body: unknown,
) => SchemaCheck;

const DOC_ID = 'https://source.invalid/openapi.json';

function pointerOf(parts: readonly string[]): string {
  return `#/${parts.map((part) => encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`;
}

/**
 * The response key an answer falls under: its status, its class (2XX), any 2xx for a success,
 * default — for a success only where no error status is declared beside it: there `default` is
 * their catch-all (DigitalOcean's `POST /v2/gen-ai/models/api_keys` declares 401, 410, 429, 500
 * and a default error, and no success at all).
 */
function responseKey(responses: Json, status: number): string | undefined {
  const keys = Object.keys(responses);
  const exact = keys.find((key) => key === String(status));
  const range = keys.find((key) => key.toUpperCase() === `${String(status)[0]}XX`);
  const success = status >= 200 && status < 300;
  const anySuccess = success ? keys.find((key) => /^2/.test(key)) : undefined;
  const errorsBeside = keys.some((key) => /^[45]/.test(key));
  const fallback = keys.includes('default') && !(success && errorsBeside) ? 'default' : undefined;
  return exact ?? range ?? anySuccess ?? fallback;
}

/**
 * Where the JSON schema of an answer is in the document (the response's local $ref followed),
 * or undefined when that answer declares no JSON body.
 */
export function answerSchemaAt(
  document: Json,
  operation: SourceOperation,
  status: number,
): string[] | undefined {
  const object = operationObject(document, operation);
  const responses = isJson(object.responses) ? object.responses : {};
  const key = responseKey(responses, status);
  if (key === undefined) return undefined;
  let at = ['paths', operation.path, operation.method, 'responses', key];
  let response: unknown = responses[key];
  for (let hop = 0; hop < 10 && isJson(response) && typeof response.$ref === 'string'; hop += 1) {
    at = refPath(response.$ref);
    response = resolveRef({ $ref: response.$ref }, document);
  }
  const content = isJson(response) && isJson(response.content) ? response.content : {};
  const types = Object.keys(content);
  const media =
    types.find((type) => mediaTypeOf(type) === 'application/json') ?? types.find(isJsonType);
  const entry = media === undefined ? undefined : content[media];
  if (media === undefined || !isJson(entry) || !isJson(entry.schema)) return undefined;
  return [...at, 'content', media, 'schema'];
}

export async function createAnswerCheck(document: Json): Promise<CheckAnswer> {
  const [{ default: Ajv2020 }, formats] = await Promise.all([
    import('ajv/dist/2020.js'),
    import('ajv-formats'),
  ]);
  // Not strict, not checked against the meta-schema, silent: an OpenAPI document is no JSON
  // Schema (x-admin, example, 3.0's nullable), and an unknown format is the document's business.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, logger: false });
  formats.default(ajv);
  ajv.addSchema(document, DOC_ID);
  const compiled = new Map<string, ValidateFunction | string>();
  const compile = (pointer: string): ValidateFunction | string => {
    const known = compiled.get(pointer);
    if (known !== undefined) return known;
    let result: ValidateFunction | string;
    try {
      result = ajv.compile({ $ref: `${DOC_ID}${pointer}` });
    } catch (error) {
      result = (error instanceof Error ? error.message : String(error)).split('\n', 1)[0] ?? '';
    }
    compiled.set(pointer, result);
    return result;
  };
  return (operation, status, body) => {
    const at = answerSchemaAt(document, operation, status);
    if (!at) return { declared: false };
    const validate = compile(pointerOf(at));
    if (typeof validate === 'string')
      return { declared: true, unchecked: `its schema cannot be compiled: ${validate}` };
    return validate(body)
      ? { declared: true }
      : { declared: true, errors: describeSchemaErrors(validate.errors ?? []) };
  };
}
