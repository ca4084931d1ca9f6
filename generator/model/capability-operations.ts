/**
 * Capability → operation mapping: each declared capability must be served by exactly one
 * operation of the module's tag marked with it, and its body shape decides how the generic
 * ModuleApi calls orval's function.
 */
import { CAPABILITIES, type Capability } from '../../src/core/module';
import type { CallShape, OperationBinding } from '../types';
import type { ContractOperation } from '../parse/operations';
import { orvalFunctionName } from './names';
import { isJson, type Json } from '../json';
import { refName, resolveRef } from './refs';

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

/** The schema of an operation's request body (first media type), through requestBodies refs. */
function requestBodySchema(operation: Json, document: Json): unknown {
  const body = resolveRef(operation.requestBody, document);
  const media = Object.values(isJson(body.content) ? body.content : {})[0];
  return isJson(media) ? media.schema : undefined;
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

/**
 * Binds every declared capability to its one serving operation among the tag's operations, in
 * declared order; problems are collected so a contract author sees all of them at once.
 */
export function bindCapabilities(
  tag: string,
  declared: readonly Capability[],
  tagged: readonly ContractOperation[],
  document: Json,
  problems: string[],
): OperationBinding[] {
  const byCapability = new Map<string, ContractOperation[]>();
  for (const candidate of tagged) {
    const admin = candidate.operation['x-admin'];
    if (!isJson(admin) || admin.capability === undefined) continue;
    if (!isCapability(admin.capability)) {
      problems.push(
        `tag ${tag}: ${candidate.method.toUpperCase()} ${candidate.path} has unknown capability ${JSON.stringify(admin.capability)}`,
      );
      continue;
    }
    const list = byCapability.get(admin.capability) ?? [];
    list.push(candidate);
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
      const body = requestBodySchema(operation, document);
      bindings.push({
        capability,
        operationId,
        functionName: orvalFunctionName(operationId),
        method,
        path,
        call: callShape(capability, refName(body), resolveRef(body, document).type === 'array'),
      });
    } catch (error) {
      problems.push(`tag ${tag}: ${operationId}: ${(error as Error).message}`);
    }
  }
  return bindings;
}
