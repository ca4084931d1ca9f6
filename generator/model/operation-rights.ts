/**
 * Who may make each call: every operation of the contract is public (`security: []`), open to
 * any signed-in user (`x-admin.access: read` for reading, `self` for the caller's own account),
 * or guarded by a permission key (`x-admin.permission`). The server (the mock included) refuses
 * a guarded call without its key with 220, and the app hides what the same key guards, so the
 * key is named once, here, for both.
 *
 * A capability operation may leave its key out: it is the tag's `permissionKey` with the
 * capability's suffix (src/core/permission), and where it is written it must say exactly that.
 * A key may name a path parameter in braces (`{module}_ADD` on /api/{module}/add): the server
 * puts the parameter's value there, upper-cased.
 */
import { permissionKeyFor, READ_CAPABILITIES } from '../../src/core/permission';
import { isJson, type Json } from '../json';
import { listOperations } from '../parse/operations';
import type { ValuePath } from '../parse/source-lines';
import type { OpenApiDocument } from '../types';
import { isCapability } from './capability-operations';
import { textOf } from '../../src/core/guards';

export const ACCESS_LEVELS = ['read', 'self'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** An upper-case key, optionally starting with one `{pathParameter}`: ADMINNOTICE_ADD, {module}_ADD. */
const KEY_PATTERN = /^(?:[A-Z][A-Z0-9]*|\{[A-Za-z][A-Za-z0-9]*\})(?:_[A-Z0-9]+)+$/;

export interface OperationRight {
  operationId: string;
  /** The operation's first tag ('' without one): orval's file of it, and generated/calls/. */
  tag: string;
  method: string;
  path: string;
  /** The key guarding the call; undefined for public, read and self calls. */
  permission: string | undefined;
}

export interface RightsProblem {
  at: ValuePath;
  message: string;
}

function tagPermissionKeys(document: OpenApiDocument): Map<string, string> {
  const keys = new Map<string, string>();
  for (const tag of document.tags ?? []) {
    const admin = isJson(tag['x-admin']) ? tag['x-admin'] : undefined;
    if (typeof tag.name === 'string' && typeof admin?.permissionKey === 'string')
      keys.set(tag.name, admin.permissionKey);
  }
  return keys;
}

function isPublic(operation: Json): boolean {
  return Array.isArray(operation.security) && operation.security.length === 0;
}

/**
 * Every operation's right, in document order, with the problems of a contract that leaves one
 * undecided or contradicts itself (each at the operation's x-admin, or the operation).
 *
 * @example operationRights(doc).rights.find((r) => r.operationId === 'adminnoticeAdd')?.permission
 * // 'ADMINNOTICE_ADD'
 */
export function operationRights(document: OpenApiDocument): {
  rights: OperationRight[];
  problems: RightsProblem[];
} {
  const tagKeys = tagPermissionKeys(document);
  const rights: OperationRight[] = [];
  const problems: RightsProblem[] = [];
  for (const { method, path, operation } of listOperations(document.paths)) {
    const operationId = textOf(operation.operationId);
    const admin = isJson(operation['x-admin']) ? operation['x-admin'] : {};
    const at: ValuePath = [
      'paths',
      path,
      method,
      ...(isJson(operation['x-admin']) ? ['x-admin'] : []),
    ];
    const problem = (message: string) =>
      problems.push({
        at,
        message: `${method.toUpperCase()} ${path} (${operationId}): ${message}`,
      });
    const tag = Array.isArray(operation.tags) ? String(operation.tags[0]) : '';
    const capability = isCapability(admin.capability) ? admin.capability : undefined;
    const tagKey = tagKeys.get(tag);
    const derived =
      capability && tagKey && !READ_CAPABILITIES.includes(capability)
        ? permissionKeyFor(tagKey, capability)
        : undefined;
    const readCapability = capability !== undefined && READ_CAPABILITIES.includes(capability);
    const { permission, access } = admin;

    if (permission !== undefined && access !== undefined) {
      problem('names both x-admin.permission and x-admin.access; a call has one or the other');
      continue;
    }
    if (access !== undefined && !(ACCESS_LEVELS as readonly unknown[]).includes(access)) {
      problem(
        `x-admin.access must be one of ${ACCESS_LEVELS.join(', ')} (got ${JSON.stringify(access)})`,
      );
      continue;
    }
    if (permission !== undefined) {
      if (typeof permission !== 'string' || !KEY_PATTERN.test(permission)) {
        problem(
          `x-admin.permission must be an upper-case key such as ADMINNOTICE_ADD or {module}_ADD (got ${JSON.stringify(permission)})`,
        );
        continue;
      }
      const parameter = /^\{([^}]+)\}/.exec(permission)?.[1];
      if (parameter && !path.includes(`{${parameter}}`)) {
        problem(`x-admin.permission names {${parameter}}, which is not a parameter of the path`);
        continue;
      }
      if (readCapability) {
        problem(
          `capability ${capability} is reading: mark it x-admin.access: read instead of a key`,
        );
        continue;
      }
      if (derived && permission !== derived) {
        problem(
          `x-admin.permission ${permission} disagrees with capability ${capability} of tag ${tag} (${derived})`,
        );
        continue;
      }
      rights.push({ operationId, tag, method, path, permission });
      continue;
    }
    if (access !== undefined || isPublic(operation) || readCapability) {
      rights.push({ operationId, tag, method, path, permission: undefined });
      continue;
    }
    if (derived) {
      rights.push({ operationId, tag, method, path, permission: derived });
      continue;
    }
    problem(
      'names no permission key: add x-admin.permission (the key that guards it) or x-admin.access (read, self)',
    );
  }
  return { rights, problems };
}
