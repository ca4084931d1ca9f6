/**
 * Resources no screen can reach are left out with their operations, one report line each: one
 * with nothing to list or look up, and a nested collection whose parent lists nothing.
 */
import type { LeftOut, Resource } from './resources';
import type { SourceOperation } from './source-operations';

function operationsOf(resource: Resource): SourceOperation[] {
  return [...Object.values(resource.capabilities), ...resource.actions.map((a) => a.operation)];
}

/**
 * A nested collection is opened from its parent's rows (the parent's key in its path): one whose
 * parent is no resource with a list has no way in — it and its operations are left out, with
 * the reason (repeated: leaving a parent out orphans its own children).
 */
export function dropOrphans(resources: Resource[], leftOut: LeftOut[]): void {
  for (let found = true; found; ) {
    found = false;
    for (const resource of [...resources]) {
      const parent = resource.parent;
      if (!parent) continue;
      const owner = resources.find((r) => r.key === parent.resource);
      if (owner?.capabilities.list) continue;
      const why = owner
        ? `its parent ${owner.key} has no list to open it from`
        : `no resource lists the records its path parameter {${parent.param}} names`;
      for (const op of operationsOf(resource))
        leftOut.push({
          where: op.label,
          reason: `resource ${resource.collectionPath} is nested, and ${why}`,
        });
      resources.splice(resources.indexOf(resource), 1);
      found = true;
    }
  }
}

/** A resource with neither a list nor an info call: no screen can show its records. */
export function dropUnreachable(resources: Resource[], leftOut: LeftOut[]): void {
  for (const resource of [...resources]) {
    if (resource.capabilities.list || resource.capabilities.info) continue;
    for (const op of operationsOf(resource))
      leftOut.push({
        where: op.label,
        reason: `resource ${resource.collectionPath}: no list call (no GET ${resource.collectionPath}, no search answering ${resource.entity}[]) and no GET of one record — no screen can list or look up its records`,
      });
    resources.splice(resources.indexOf(resource), 1);
  }
}
