/**
 * Where a field's options come from (cf_sourcetype): STATIC (optionData), DICTIONARY
 * (POST /api/dictionary/getkeyval {parentCode, isAll}) or API (GET /api/{cf_method}/getkeyval).
 * Department controls read the dictionaries Dep / DepAuth (spec section 6).
 *
 * Dictionary answers are cached for the session (staleTime Infinity): the spec serves
 * dictionary lookups from the client cache when present.
 */
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ApiError, request, type Envelope } from '@/lib/request';
import { booleanParam, type FieldDefinition, type FieldOption } from './field-definition';

export const optionKeys = {
  all: ['form-options'] as const,
  dictionary: (parentCode: string, isAll: boolean) =>
    ['form-options', 'dictionary', { parentCode, isAll }] as const,
  api: (method: string) => ['form-options', 'api', method] as const,
  districtTree: () => ['form-options', 'district', 'tree'] as const,
};

type RawOption = Record<string, unknown>;

function pick(item: RawOption, names: readonly string[]): unknown {
  for (const name of names) {
    if (item[name] !== undefined && item[name] !== null) return item[name];
  }
  return undefined;
}

/**
 * Normalises a getkeyval answer into FieldOption[]. Accepts {label, value}, {name|title, id},
 * key/value pairs ({key, value} → value is the label) and nested children.
 */
export function normaliseOptions(data: unknown): FieldOption[] {
  if (!Array.isArray(data)) {
    if (data && typeof data === 'object') {
      // An object map { "1": "启用", "2": "禁用" }.
      return Object.entries(data as Record<string, unknown>).map(([value, label]) => ({
        value,
        label: String(label),
      }));
    }
    return [];
  }
  return data.map((raw): FieldOption => {
    const item = (raw ?? {}) as RawOption;
    const hasPair = item.key !== undefined && item.label === undefined && item.name === undefined;
    const label = hasPair ? item.value : pick(item, ['label', 'name', 'title', 'text', 'val']);
    const value = hasPair ? item.key : pick(item, ['value', 'id', 'code', 'key']);
    const option: FieldOption = {
      label: String(label ?? value ?? ''),
      value: (typeof value === 'number' ? value : String(value ?? '')) as FieldOption['value'],
    };
    if (Array.isArray(item.children) && item.children.length > 0) {
      option.children = normaliseOptions(item.children);
    }
    if (item.disabled === true) option.disabled = true;
    return option;
  });
}

async function unwrap(promise: Promise<Envelope<unknown>>): Promise<FieldOption[]> {
  const envelope = await promise;
  if (envelope.status !== 200 && envelope.status !== 1) {
    throw new ApiError(envelope.msg, envelope, envelope.status);
  }
  return normaliseOptions(envelope.data);
}

function fetchDictionary(parentCode: string, isAll: boolean): Promise<FieldOption[]> {
  return unwrap(
    request<Envelope<unknown>>({
      url: '/api/dictionary/getkeyval',
      method: 'POST',
      data: { parentCode, isAll },
    }),
  );
}

function fetchApiOptions(method: string): Promise<FieldOption[]> {
  return unwrap(request<Envelope<unknown>>({ url: `/api/${method}/getkeyval`, method: 'GET' }));
}

/** Dictionary options, cached for the session. */
export function dictionaryOptionsQuery(parentCode: string, isAll = false) {
  return queryOptions({
    queryKey: optionKeys.dictionary(parentCode, isAll),
    queryFn: () => fetchDictionary(parentCode, isAll),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

const API_OPTIONS_STALE_MS = 5 * 60_000;

/** Options of an API-sourced field: GET /api/{method}/getkeyval. */
export function apiOptionsQuery(method: string) {
  return queryOptions({
    queryKey: optionKeys.api(method),
    queryFn: () => fetchApiOptions(method),
    staleTime: API_OPTIONS_STALE_MS,
  });
}

/**
 * The province → city tree of the city control: POST /api/district/gettree (inferred in the
 * contract; values are region codes). Cached for the session like the dictionaries.
 */
export function districtTreeQuery() {
  return queryOptions({
    queryKey: optionKeys.districtTree(),
    queryFn: () =>
      unwrap(
        request<Envelope<unknown>>({ url: '/api/district/gettree', method: 'POST', data: {} }),
      ),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

const DEPARTMENT_DICTIONARY: Partial<Record<FieldDefinition['cf_control'], string>> = {
  Department: 'Dep',
  DepartmentAuth: 'DepAuth',
};

export type OptionSource =
  | { kind: 'static'; options: FieldOption[] }
  | { kind: 'dictionary'; parentCode: string; isAll: boolean }
  | { kind: 'api'; method: string };

/** Decides a field's option source (pure; tested). */
export function optionSourceOf(field: FieldDefinition): OptionSource {
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

/** The options of one field, from whichever source it declares. */
export function useFieldOptions(field: FieldDefinition): FieldOptionsState {
  const source = optionSourceOf(field);
  // The same keys and fetchers as the factories above, in one useQuery call whatever the source.
  const query = useQuery<FieldOption[], Error, FieldOption[], readonly unknown[]>(
    source.kind === 'dictionary'
      ? {
          queryKey: optionKeys.dictionary(source.parentCode, source.isAll),
          queryFn: () => fetchDictionary(source.parentCode, source.isAll),
          staleTime: Infinity,
          gcTime: Infinity,
        }
      : source.kind === 'api'
        ? {
            queryKey: optionKeys.api(source.method),
            queryFn: () => fetchApiOptions(source.method),
            staleTime: API_OPTIONS_STALE_MS,
          }
        : { queryKey: [...optionKeys.all, 'static'], queryFn: skipToken },
  );
  if (source.kind === 'static')
    return { options: source.options, isLoading: false, isError: false };
  return { options: query.data ?? [], isLoading: query.isLoading, isError: query.isError };
}
