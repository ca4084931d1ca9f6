/**
 * Where a field's options come from (cf_sourcetype): STATIC (optionData), DICTIONARY
 * (POST /api/dictionary/getkeyval {parentCode, isAll}) or API (GET /api/{cf_method}/getkeyval).
 * Department controls read the dictionaries Dep / DepAuth (spec section 6); the city control
 * reads the province → city tree (POST /api/district/gettree); a field of an imported source
 * may take its options from another resource's list (`optionsFrom`, through the REST adapter).
 *
 * The calls are the generated ones: their answers are the contract's TreeKeyValue /
 * DistrictTreeNode trees, which are FieldOption trees as they stand. Dictionary and district
 * answers are cached for the session (staleTime Infinity): the spec serves dictionary lookups
 * from the client cache when present.
 */
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { dictionaryGetkeyval } from '@generated/api/dictionary/dictionary';
import { districtGettree } from '@generated/api/district/district';
import { methodGetkeyval } from '@generated/api/module/module';
import {
  booleanParam,
  type FieldDefinition,
  type FieldOption,
  type OptionsFrom,
} from '@/core/field-definition';
import { loadOptionsFrom } from '@/core/options-from';

export const optionKeys = {
  all: ['form-options'] as const,
  dictionary: (parentCode: string, isAll: boolean) =>
    ['form-options', 'dictionary', { parentCode, isAll }] as const,
  api: (method: string) => ['form-options', 'api', method] as const,
  districtTree: () => ['form-options', 'district', 'tree'] as const,
  resource: (from: OptionsFrom) =>
    ['form-options', 'resource', from.source, from.list.path, from.value, from.label] as const,
};

const API_OPTIONS_STALE_MS = 5 * 60_000;

export type OptionSource =
  | { kind: 'static'; options: FieldOption[] }
  | { kind: 'dictionary'; parentCode: string; isAll: boolean }
  | { kind: 'api'; method: string }
  | { kind: 'district' }
  | { kind: 'resource'; from: OptionsFrom };

export type RemoteOptionSource = Exclude<OptionSource, { kind: 'static' }>;

const SESSION = { staleTime: Infinity, gcTime: Infinity };

/** The generated call behind a remote source, its cache key and how long its answer stays fresh. */
function remoteCall(source: RemoteOptionSource): {
  queryKey: readonly unknown[];
  load: (signal: AbortSignal) => Promise<{ data?: FieldOption[] }>;
  cache: { staleTime: number; gcTime?: number };
} {
  switch (source.kind) {
    case 'dictionary': {
      const { parentCode, isAll } = source;
      return {
        queryKey: optionKeys.dictionary(parentCode, isAll),
        load: (signal) => dictionaryGetkeyval({ parentCode, isAll }, undefined, signal),
        cache: SESSION,
      };
    }
    case 'api':
      return {
        queryKey: optionKeys.api(source.method),
        load: (signal) => methodGetkeyval(source.method, undefined, signal),
        cache: { staleTime: API_OPTIONS_STALE_MS },
      };
    case 'district':
      return {
        queryKey: optionKeys.districtTree(),
        load: (signal) => districtGettree(undefined, signal),
        cache: SESSION,
      };
    case 'resource':
      return {
        queryKey: optionKeys.resource(source.from),
        load: async (signal) => ({ data: await loadOptionsFrom(source.from, signal) }),
        cache: { staleTime: API_OPTIONS_STALE_MS },
      };
  }
}

/** Query key and call of a remote option source, travelling together. */
export function optionsQuery(source: RemoteOptionSource) {
  const { queryKey, load, cache } = remoteCall(source);
  return queryOptions<FieldOption[], Error, FieldOption[], readonly unknown[]>({
    queryKey,
    queryFn: async ({ signal }) => (await load(signal)).data ?? [],
    ...cache,
  });
}

const DEPARTMENT_DICTIONARY: Partial<Record<FieldDefinition['cf_control'], string>> = {
  Department: 'Dep',
  DepartmentAuth: 'DepAuth',
};

/** Decides a field's option source (pure; tested). */
export function optionSourceOf(field: FieldDefinition): OptionSource {
  if (field.optionsFrom) return { kind: 'resource', from: field.optionsFrom };
  if (field.cf_control === 'city') return { kind: 'district' };
  const department = DEPARTMENT_DICTIONARY[field.cf_control];
  if (department)
    return { kind: 'dictionary', parentCode: department, isAll: booleanParam(field, 'isAll') };
  if (field.cf_sourcetype === 'DICTIONARY' && field.cf_dictionary) {
    return {
      kind: 'dictionary',
      parentCode: field.cf_dictionary,
      isAll: booleanParam(field, 'isAll'),
    };
  }
  if (field.cf_sourcetype === 'API' && field.cf_method)
    return { kind: 'api', method: field.cf_method };
  return { kind: 'static', options: field.optionData ?? [] };
}

export interface FieldOptionsState {
  options: FieldOption[];
  isLoading: boolean;
  isError: boolean;
}

const NO_QUERY = { queryKey: [...optionKeys.all, 'static'], queryFn: skipToken } as const;

/** The options of one field, from whichever source it declares. */
export function useFieldOptions(field: FieldDefinition): FieldOptionsState {
  const source = optionSourceOf(field);
  // One useQuery call whatever the source; a static field runs no query.
  const query = useQuery<FieldOption[], Error, FieldOption[], readonly unknown[]>(
    source.kind === 'static' ? NO_QUERY : optionsQuery(source),
  );
  if (source.kind === 'static')
    return { options: source.options, isLoading: false, isError: false };
  return { options: query.data ?? [], isLoading: query.isLoading, isError: query.isError };
}
