/**
 * Where a resource's module goes: `generate` (and the source mock) read a module from a tag's
 * x-admin and a capability's operation by its first tag. A resource whose operations share a tag
 * of their own keeps it; any other (an untagged document, a tag shared by several resources,
 * operations without a tag) gets a tag added for it, named after the resource, put first on each
 * of its operations — the document's own tags stay on them after it.
 */
import type { YamlMap, YamlValue } from '../../src/core/yaml-text';
import { isJson, type Json } from '../json';
import type { Resource } from './resources';
import type { SourceOperation } from './source-operations';

/** One change to the document: the value set at a path (an x-admin key, a tag, a tag list). */
export interface Edit {
  at: (string | number)[];
  value: YamlValue;
}

function operationsOf(resource: Resource): SourceOperation[] {
  return [...Object.values(resource.capabilities), ...resource.actions.map((a) => a.operation)];
}

function tagsIn(resource: Resource): Set<string> {
  return new Set(operationsOf(resource).map((op) => op.tag ?? ''));
}

export interface ModuleTags {
  /** The edits that put `module` on the resource's tag (adding the tag when it needs one). */
  place(resource: Resource, module: YamlMap): Edit[];
  /** Report lines: the tags added and why. */
  notes: string[];
}

/**
 * @example const tags = moduleTags(document, resources); edits.push(...tags.place(resource, module));
 */
export function moduleTags(document: Json, resources: readonly Resource[]): ModuleTags {
  const declared = Array.isArray(document.tags) ? document.tags : [];
  const names = new Set<string>(
    declared.flatMap((tag) => (isJson(tag) && typeof tag.name === 'string' ? [tag.name] : [])),
  );
  for (const resource of resources)
    for (const op of operationsOf(resource)) if (op.tag) names.add(op.tag);
  let next = declared.length;
  const notes: string[] = [];
  const ownTag = (resource: Resource): number | undefined => {
    const own = tagsIn(resource);
    const [tag] = [...own];
    if (own.size !== 1 || !tag) return undefined;
    if (resources.some((other) => other !== resource && tagsIn(other).has(tag))) return undefined;
    const index = declared.findIndex((t) => isJson(t) && t.name === tag);
    return index >= 0 ? index : undefined;
  };
  const place = (resource: Resource, module: YamlMap): Edit[] => {
    const index = ownTag(resource);
    if (index !== undefined) return [{ at: ['tags', index, 'x-admin'], value: module }];
    let name = resource.key;
    for (let n = 2; names.has(name); n += 1) name = `${resource.key}-${n}`;
    names.add(name);
    const shared = [...tagsIn(resource)].filter(Boolean);
    notes.push(
      `resource ${resource.key}: ${shared.length > 0 ? `its operations' tag${shared.length > 1 ? 's' : ''} ${shared.join(', ')} ${shared.length > 1 ? 'are' : 'is'} not its own` : 'its operations have no tag'} — tag ${name} added for its module, first on each of its operations`,
    );
    const edits: Edit[] = [
      {
        at: ['tags', next],
        value: {
          name,
          description: 'Added by cli import-openapi: the module of one resource.',
          'x-admin': module,
        },
      },
    ];
    next += 1;
    for (const op of operationsOf(resource))
      edits.push({ at: [...op.at, 'tags'], value: [name, ...op.tags] });
    return edits;
  };
  return { place, notes };
}
