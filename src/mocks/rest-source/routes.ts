/**
 * The operations of an imported source, matched by method and path template (`/pet/{petId}`),
 * each with its x-admin role (capability or action) and the resource (tag x-admin) it belongs to.
 */
import { isRecord, listOf } from '@/core/guards';
import { recordAt, resolve, textAt, type Node } from './schema';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export interface Resource {
  key: string;
  tag: string;
  entity: Node;
  primaryKey: string;
  /** A nested collection's parent path parameter (reviews of /books/{isbn}). */
  parentParam?: string;
  /**
   * The schema of the item path parameter that names a record (`{firewall_id}`: a uuid), which
   * can say more than the record's key field does (DigitalOcean's `id: { type: string }`).
   */
  keyParameter?: Node;
}

export interface Operation {
  method: string;
  template: string;
  /** The template's segments; `{name}` segments are parameters. */
  segments: string[];
  operation: Node;
  parameters: Node[];
  capability?: string;
  /** An action's button (x-admin `action: row | toolbar`): a row action names one record. */
  action?: string;
  resource?: Resource;
}

function resources(document: Node): Map<string, Resource> {
  const found = new Map<string, Resource>();
  for (const tag of listOf(document.tags)) {
    if (!isRecord(tag) || typeof tag.name !== 'string' || !isRecord(tag['x-admin'])) continue;
    const admin = tag['x-admin'];
    const entity = textAt(admin, 'entity');
    const key = textAt(admin, 'module') ?? tag.name;
    if (!entity) continue;
    const parent = recordAt(admin, 'parent');
    found.set(tag.name, {
      key,
      tag: tag.name,
      entity: resolve(document, recordAt(document, 'components', 'schemas', entity)),
      primaryKey: textAt(admin, 'primaryKey') ?? 'id',
      parentParam: textAt(parent, 'param'),
    });
  }
  return found;
}

export function readOperations(document: Node): { operations: Operation[]; resources: Resource[] } {
  const byTag = resources(document);
  const operations: Operation[] = [];
  for (const [template, rawItem] of Object.entries(recordAt(document, 'paths'))) {
    const item = resolve(document, rawItem);
    const shared = listOf(item.parameters).map((parameter) => resolve(document, parameter));
    for (const method of METHODS) {
      if (!isRecord(item[method])) continue;
      const operation = item[method];
      const own = listOf(operation.parameters).map((parameter) => resolve(document, parameter));
      const names = new Set(
        own.map((parameter) => `${textAt(parameter, 'in')}:${textAt(parameter, 'name')}`),
      );
      const parameters = [
        ...shared.filter((p) => !names.has(`${textAt(p, 'in')}:${textAt(p, 'name')}`)),
        ...own,
      ];
      const tag = listOf(operation.tags).find((name) => typeof name === 'string');
      const capability = textAt(recordAt(operation, 'x-admin'), 'capability');
      const action = textAt(recordAt(operation, 'x-admin'), 'action');
      operations.push({
        method: method.toUpperCase(),
        template,
        segments: template.split('/').filter(Boolean),
        operation,
        parameters,
        capability,
        action,
        resource: typeof tag === 'string' && (capability ?? action) ? byTag.get(tag) : undefined,
      });
    }
  }
  for (const resource of byTag.values())
    resource.keyParameter = keyParameterOf(document, operations, resource);
  // Literal segments before parameters: /pet/findByStatus wins over /pet/{petId}.
  operations.sort((a, b) => specificity(b) - specificity(a));
  return { operations, resources: [...byTag.values()] };
}

/**
 * The schema of the last path parameter of the resource's info, edit or delete; the one that
 * states a format or pattern where they differ (DigitalOcean's add-on GET takes any text as
 * `{resource_uuid}`, its DELETE a uuid only).
 */
function keyParameterOf(
  document: Node,
  operations: readonly Operation[],
  resource: Resource,
): Node | undefined {
  const found: Node[] = [];
  for (const operation of operations) {
    if (operation.resource !== resource) continue;
    if (!['info', 'edit', 'delete'].includes(operation.capability ?? '')) continue;
    const name = /^\{(.+)\}$/.exec(operation.segments.at(-1) ?? '')?.[1];
    const parameter = operation.parameters.find(
      (candidate) => textAt(candidate, 'in') === 'path' && textAt(candidate, 'name') === name,
    );
    if (parameter && isRecord(parameter.schema)) found.push(parameter.schema);
  }
  const shaped = found.find((schema) => {
    const resolved = resolve(document, schema);
    return resolved.format !== undefined || resolved.pattern !== undefined;
  });
  return shaped ?? found[0];
}

function specificity(operation: Operation): number {
  return operation.segments.reduce(
    (score, segment, index) => score + (segment.startsWith('{') ? 0 : 2 ** (16 - index)),
    0,
  );
}

/** The path parameters when the path fits the template; undefined when it does not. */
export function matchPath(
  operation: Operation,
  segments: readonly string[],
): Map<string, string> | undefined {
  if (operation.segments.length !== segments.length) return undefined;
  const values = new Map<string, string>();
  for (let i = 0; i < segments.length; i += 1) {
    const expected = operation.segments[i] ?? '';
    const actual = segments[i] ?? '';
    const parameter = /^\{(.+)\}$/.exec(expected)?.[1];
    if (parameter !== undefined) values.set(parameter, actual);
    else if (expected !== actual) return undefined;
  }
  return values;
}
