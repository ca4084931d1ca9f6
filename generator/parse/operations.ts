/** The one walk over a contract's operations (parse checks ids, the model binds, the report counts). */
import { isJson, type Json } from '../json';

export const HTTP_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const;

export interface ContractOperation {
  method: (typeof HTTP_METHODS)[number];
  path: string;
  operation: Json;
}

/**
 * Every operation of a `paths` object, in path (document) order then method order.
 *
 * @example listOperations({ '/api/x/list': { get: { operationId: 'xList' } } })
 * // [{ method: 'get', path: '/api/x/list', operation: { operationId: 'xList' } }]
 */
export function listOperations(paths: Json): ContractOperation[] {
  const result: ContractOperation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isJson(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (isJson(operation)) result.push({ method, path, operation });
    }
  }
  return result;
}
