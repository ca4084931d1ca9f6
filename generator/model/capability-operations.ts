/**
 * Capability → operation mapping: each declared capability must be served by exactly one
 * operation of the module's tag marked with it, and its body shape decides how the generic
 * ModuleApi calls orval's function.
 */
import { CAPABILITIES, type Capability } from '../../src/components/crud/module-definition';
import type { CallShape, OperationBinding } from '../types';
import { HTTP_METHODS } from '../parse/load-contract';
import { orvalFunctionName } from './names';
import { isJson, refName, resolveRef, type Json } from './refs';

export function isCapability(value: unknown): value is Capability {
  return typeof value === 'string' && (CAPABILITIES as readonly string[]).includes(value);
}

/** Fixed shapes: these capabilities do not depend on the body schema. */
const FIXED_SHAPES: Partial<Record<Capability, CallShape>> = {
  list: 'query',
  mylist: 'query',
  recycle: 'query',
  export: 'query',
  importtemplate: 'none',
  import: 'file',
  add: 'record',
  edit: 'record',
};

/** Id-style bodies, by the shared schema they reference (openapi/components/common.yaml). */
const BODY_SHAPES: Record<string, CallShape> = {
  IdObjectBody: 'idObject',
  IdBody: 'id',
  StatusBody: 'status',
  UpdateFieldBody: 'updateField',
};

/** The schema of an operation's request body ($ref name), looking through requestBodies refs. */
export function requestBodySchemaName(operation: Json, document: Json): string | undefined {
  const body = resolveRef(operation.requestBody, document);
  const content = isJson(body.content) ? body.content : {};
  const media = Object.values(content)[0];
  return isJson(media) ? refName(media.schema) : undefined;
}

/** Whether the request body is a JSON array (of ids). */
export function requestBodyIsList(operation: Json, document: Json): boolean {
  const body = resolveRef(operation.requestBody, document);
  const media = Object.values(isJson(body.content) ? body.content : {})[0];
  return isJson(media) && resolveRef(media.schema, document).type === 'array';
}

/**
 * @example callShape('list', undefined) // 'query'
 * @example callShape('delete', 'IdObjectBody') // 'idObject'
 * @example callShape('disable', 'StatusBody') // 'status'
 * @example callShape('delete', 'AttachmentIdList', true) // 'idList'
 */
export function callShape(
  capability: Capability,
  bodySchema: string | undefined,
  bodyIsList = false,
): CallShape {
  const fixed = FIXED_SHAPES[capability];
  if (fixed) return fixed;
  // A bare list of ids (the attachment delete of spec section 7): one id becomes [id].
  if (bodyIsList) return 'idList';
  const shape = bodySchema ? BODY_SHAPES[bodySchema] : undefined;
  if (!shape) {
    throw new Error(
      `capability ${capability} needs a request body of ${Object.keys(BODY_SHAPES).join(', ')} (got ${bodySchema ?? 'none'})`,
    );
  }
  return shape;
}

interface TaggedOperation {
  method: string;
  path: string;
  operation: Json;
}

/** Every operation tagged with `tag`, in path then method order. */
export function operationsOfTag(document: Json, tag: string): TaggedOperation[] {
  const result: TaggedOperation[] = [];
  const paths = isJson(document.paths) ? document.paths : {};
  for (const route of Object.keys(paths).sort()) {
    const item = paths[route];
    if (!isJson(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (isJson(operation) && Array.isArray(operation.tags) && operation.tags.includes(tag)) {
        result.push({ method, path: route, operation });
      }
    }
  }
  return result;
}

/**
 * Binds every declared capability to its one serving operation; problems are collected so a
 * contract author sees all of them at once.
 */
export function bindCapabilities(
  tag: string,
  declared: readonly Capability[],
  document: Json,
  problems: string[],
): OperationBinding[] {
  const byCapability = new Map<string, TaggedOperation[]>();
  for (const tagged of operationsOfTag(document, tag)) {
    const admin = tagged.operation['x-admin'];
    if (!isJson(admin) || admin.capability === undefined) continue;
    if (!isCapability(admin.capability)) {
      problems.push(
        `tag ${tag}: ${tagged.method.toUpperCase()} ${tagged.path} has unknown capability "${String(admin.capability)}"`,
      );
      continue;
    }
    const list = byCapability.get(admin.capability) ?? [];
    list.push(tagged);
    byCapability.set(admin.capability, list);
  }
  for (const capability of byCapability.keys()) {
    if (!(declared as readonly string[]).includes(capability)) {
      problems.push(
        `tag ${tag}: an operation serves capability ${capability}, which the tag does not declare`,
      );
    }
  }
  const bindings: OperationBinding[] = [];
  for (const capability of declared) {
    const serving = byCapability.get(capability) ?? [];
    if (serving.length !== 1) {
      const where = serving.map((s) => `${s.method.toUpperCase()} ${s.path}`).join(', ');
      problems.push(
        `tag ${tag}: capability ${capability} is served by ${serving.length} operations (need exactly 1)${where ? `: ${where}` : ''}`,
      );
      continue;
    }
    const { method, path, operation } = serving[0]!;
    const operationId = String(operation.operationId);
    try {
      bindings.push({
        capability,
        operationId,
        functionName: orvalFunctionName(operationId),
        method,
        path,
        call: callShape(
          capability,
          requestBodySchemaName(operation, document),
          requestBodyIsList(operation, document),
        ),
      });
    } catch (error) {
      problems.push(`tag ${tag}: ${operationId}: ${(error as Error).message}`);
    }
  }
  return bindings;
}
