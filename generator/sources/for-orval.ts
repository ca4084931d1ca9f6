/**
 * Orval's copy of a source's document, with what orval trips over worked around (the types,
 * from openapi-typescript, and the screens keep the document as it is):
 *
 * - one model file per schema, named in camelCase: `NullTime` and `nullTime` (Ory Kratos has
 *   both) both land in `model/nullTime.ts`, written over each other into a file that does not
 *   parse — every such later schema gets a name of its own (`nullTime2`), its $refs with it;
 * - a parameter in components.parameters whose schema is a union of schema $refs
 *   (DigitalOcean's `ssh_key_identifier`: `anyOf: [ssh_key_id, ssh_key_fingerprint]`) makes
 *   orval fail with "Ref not found: #/components/schemas/ssh_key_id"; written in place in each
 *   operation (the same parameter) it does not;
 * - an `allOf` that requires a name none of its parts declares (DigitalOcean's POST
 *   /v2/uptime/checks body requires `method`, which check_updatable has no property for) is
 *   typed by orval as `Required<Pick<CheckUpdatable, 'method' | …>>`, which does not
 *   type-check: each such name is declared on the composition itself with any value (`{}`),
 *   so the type still requires it.
 */
import type { OpenApiDocument } from '../types';
import { isJson } from '../json';
import { DATA_KEYS, NAME_MAPS } from '../render/contract-for-tools';

const PREFIX = '#/components/schemas/';

/** How orval's file name sees a schema name: letters and digits, case ignored. */
const fileKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The suffix orval gives the model of an entry of components' other maps. */
const OWN_SUFFIX: Readonly<Record<string, string>> = {
  responses: 'Response',
  requestBodies: 'Body',
  parameters: 'Parameter',
};

/** The renames that keep every schema's model file apart (empty for most documents). */
export function modelFileClashes(document: OpenApiDocument): Map<string, string> {
  const schemas =
    isJson(document.components) && isJson(document.components.schemas)
      ? document.components.schemas
      : {};
  const names = Object.keys(schemas);
  // Orval's own model names of shared responses, bodies and parameters (DigitalOcean's response
  // `sinks` is SinksResponse, as is its schema `sinks_response`): a schema yields to them.
  const components = isJson(document.components) ? document.components : {};
  const own = Object.entries(OWN_SUFFIX).flatMap(([kind, suffix]) =>
    Object.keys(isJson(components[kind]) ? components[kind] : {}).map((name) =>
      fileKey(`${name}${suffix}`),
    ),
  );
  const taken = new Set([...names.map(fileKey), ...own]);
  const seen = new Set<string>(own);
  const renames = new Map<string, string>();
  for (const name of names) {
    const key = fileKey(name);
    if (!seen.has(key)) {
      seen.add(key);
      continue;
    }
    let n = 2;
    while (taken.has(fileKey(`${name}${n}`))) n += 1;
    renames.set(name, `${name}${n}`);
    taken.add(fileKey(`${name}${n}`));
  }
  return renames;
}

function renamed(value: unknown, renames: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => renamed(item, renames));
  if (!isJson(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (key === '$ref' && typeof item === 'string' && item.startsWith(PREFIX)) {
        const name = item.slice(PREFIX.length);
        return [key, `${PREFIX}${renames.get(name) ?? name}`];
      }
      return [key, renamed(item, renames)];
    }),
  );
}

/**
 * @example withDistinctModelNames(kratos) // components.schemas: { NullTime, nullTime2, … }
 */
export function withDistinctModelNames(document: OpenApiDocument): OpenApiDocument {
  const renames = modelFileClashes(document);
  if (renames.size === 0) return document;
  const copy = renamed(document, renames);
  if (!isJson(copy) || !isJson(copy.components) || !isJson(copy.components.schemas))
    return document;
  copy.components.schemas = Object.fromEntries(
    Object.entries(copy.components.schemas).map(([name, schema]) => [
      renames.get(name) ?? name,
      schema,
    ]),
  );
  return { ...document, ...copy };
}

const PARAMETER_PREFIX = '#/components/parameters/';

/** Every path item's and operation's parameters, a `$ref` to a union-typed shared one inlined. */
function inlineParameters(document: OpenApiDocument): OpenApiDocument {
  const shared =
    isJson(document.components) && isJson(document.components.parameters)
      ? document.components.parameters
      : {};
  const inline = (list: unknown): unknown =>
    Array.isArray(list)
      ? list.map((parameter: unknown) => {
          const ref = isJson(parameter) ? parameter.$ref : undefined;
          if (typeof ref !== 'string' || !ref.startsWith(PARAMETER_PREFIX)) return parameter;
          const target = shared[ref.slice(PARAMETER_PREFIX.length)];
          const schema = isJson(target) && isJson(target.schema) ? target.schema : {};
          // Only a union trips orval; any other stays a $ref (its model type kept).
          const union = Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf);
          return union && target !== undefined ? target : parameter;
        })
      : list;
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([route, item]) => [
      route,
      Object.fromEntries(
        Object.entries(item).map(([key, value]) => {
          if (key === 'parameters') return [key, inline(value)];
          if (!isJson(value) || !('parameters' in value)) return [key, value];
          return [key, { ...value, parameters: inline(value.parameters) }];
        }),
      ),
    ]),
  );
  return { ...document, paths };
}

/** The names a schema declares as properties, its own and its `allOf` parts' ($refs followed). */
function declaredNames(
  schema: unknown,
  schemas: Readonly<Record<string, unknown>>,
  seen = new Set<unknown>(),
): Set<string> {
  const ref = isJson(schema) ? schema.$ref : undefined;
  const target =
    typeof ref === 'string' && ref.startsWith(PREFIX) ? schemas[ref.slice(PREFIX.length)] : schema;
  if (!isJson(target) || seen.has(target)) return new Set();
  seen.add(target);
  const names = new Set(Object.keys(isJson(target.properties) ? target.properties : {}));
  for (const part of Array.isArray(target.allOf) ? target.allOf : [])
    for (const name of declaredNames(part, schemas, seen)) names.add(name);
  return names;
}

/**
 * Every `allOf` composition in `value`, the names it requires but never declares declared. Data
 * (examples, enums) is left as it is; with `names`, `value` is a name map (`properties`), whose
 * keys are names someone chose (a property may be called `example`).
 */
function withRequiredNamesDeclared(
  value: unknown,
  schemas: Readonly<Record<string, unknown>>,
  names = false,
): unknown {
  if (Array.isArray(value)) return value.map((item) => withRequiredNamesDeclared(item, schemas));
  if (!isJson(value)) return value;
  const copy = Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      !names && DATA_KEYS.has(key)
        ? item
        : withRequiredNamesDeclared(item, schemas, !names && NAME_MAPS.has(key)),
    ]),
  );
  if (names || !Array.isArray(copy.allOf) || !Array.isArray(copy.required)) return copy;
  const declared = declaredNames(copy, schemas);
  const undeclared = copy.required.filter(
    (name): name is string => typeof name === 'string' && !declared.has(name),
  );
  if (undeclared.length === 0) return copy;
  const own = isJson(copy.properties) ? copy.properties : {};
  return { ...copy, properties: { ...own, ...Object.fromEntries(undeclared.map((n) => [n, {}])) } };
}

function declareRequiredNames(document: OpenApiDocument): OpenApiDocument {
  const schemas =
    isJson(document.components) && isJson(document.components.schemas)
      ? document.components.schemas
      : {};
  // Each path item and each components map in turn: a copy of each is a mapping again.
  const each = (map: Record<string, Record<string, unknown>>, names: boolean) =>
    Object.fromEntries(
      Object.entries(map).map(([key, item]) => {
        const copy = withRequiredNamesDeclared(item, schemas, names);
        return [key, isJson(copy) ? copy : item];
      }),
    );
  // A path item is a contract object; each components map (schemas, parameters…) a name map.
  return {
    ...document,
    paths: each(document.paths, false),
    components: each(document.components, true),
  };
}

/** @example renderApi(forOrval(bare), rootDir, target) */
export function forOrval(document: OpenApiDocument): OpenApiDocument {
  return declareRequiredNames(inlineParameters(withDistinctModelNames(document)));
}
