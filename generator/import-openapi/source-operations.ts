/**
 * The operations of an imported document, each with what the inference reads: parameters (the
 * path item's merged with the operation's, $refs followed), the request body and the success
 * answer in their preferred media type, and the answer's headers.
 */
import { isJson, type Json } from '../json';
import { HTTP_METHODS, listOperations } from '../parse/operations';
import { preferredMedia, resolveRef, type MediaSchema } from './schemas';

export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface SourceParameter {
  name: string;
  in: string;
  required: boolean;
  description: string | undefined;
  /** The parameter's schema, as written ($ref kept). */
  schema: unknown;
}

export interface SourceOperation {
  method: HttpMethod;
  path: string;
  /** `METHOD /path`: how the report names the operation. */
  label: string;
  operationId: string | undefined;
  tag: string | undefined;
  /** Every tag of the operation, as written. */
  tags: string[];
  summary: string | undefined;
  /** Path of the operation in the document: ['paths', '/pet', 'get']. */
  at: string[];
  parameters: SourceParameter[];
  body: (MediaSchema & { required: boolean }) | undefined;
  /** The first 2xx answer with a body. */
  success: MediaSchema | undefined;
  /** Lower-cased header names of the 2xx answers. */
  successHeaders: string[];
  /** Media types of the 4xx/5xx/default answers. */
  errorMediaTypes: string[];
  /** `security: []`: the operation needs no credentials. */
  isPublic: boolean;
}

function parameters(item: Json, operation: Json, document: Json): SourceParameter[] {
  const byKey = new Map<string, SourceParameter>();
  for (const list of [item.parameters, operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const parameter = resolveRef(raw, document);
      if (typeof parameter.name !== 'string' || typeof parameter.in !== 'string') continue;
      byKey.set(`${parameter.in}:${parameter.name}`, {
        name: parameter.name,
        in: parameter.in,
        required: parameter.required === true,
        description: typeof parameter.description === 'string' ? parameter.description : undefined,
        schema: parameter.schema ?? {},
      });
    }
  }
  return [...byKey.values()];
}

function answers(
  operation: Json,
  document: Json,
): Pick<SourceOperation, 'success' | 'successHeaders' | 'errorMediaTypes'> {
  const responses = isJson(operation.responses) ? operation.responses : {};
  let success: MediaSchema | undefined;
  const successHeaders: string[] = [];
  const errorMediaTypes: string[] = [];
  // `default` is an error answer only beside a 2xx one (Petstore's createUser answers `default`).
  const hasSuccess = Object.keys(responses).some((status) => /^2/.test(status));
  for (const [status, raw] of Object.entries(responses)) {
    const response = resolveRef(raw, document);
    if (/^2/.test(status)) {
      success ??= preferredMedia(response.content);
      if (isJson(response.headers))
        successHeaders.push(...Object.keys(response.headers).map((name) => name.toLowerCase()));
    } else if (
      (/^[45]/.test(status) || (status === 'default' && hasSuccess)) &&
      isJson(response.content)
    ) {
      errorMediaTypes.push(...Object.keys(response.content));
    }
  }
  return { success, successHeaders, errorMediaTypes };
}

/** Every operation of the document, in document order. */
export function sourceOperations(document: Json): SourceOperation[] {
  const paths = isJson(document.paths) ? document.paths : {};
  return listOperations(paths).map(({ method, path, operation }) => {
    const item = isJson(paths[path]) ? paths[path] : {};
    const body = resolveRef(operation.requestBody, document);
    const media = preferredMedia(body.content);
    const tags = (Array.isArray(operation.tags) ? operation.tags : []).filter(
      (name): name is string => typeof name === 'string',
    );
    const tag = tags[0];
    return {
      method,
      path,
      label: `${method.toUpperCase()} ${path}`,
      operationId: typeof operation.operationId === 'string' ? operation.operationId : undefined,
      tag,
      tags,
      summary: typeof operation.summary === 'string' ? operation.summary : undefined,
      at: ['paths', path, method],
      parameters: parameters(item, operation, document),
      body: media ? { ...media, required: body.required === true } : undefined,
      ...answers(operation, document),
      isPublic: Array.isArray(operation.security) && operation.security.length === 0,
    };
  });
}
