/**
 * A list's state in the address (issue 51): keyword, filters, page, page size and order as the
 * query string, so reload, back / forward, bookmarks and shared links restore the list.
 *
 *   ?page=2&size=30&sort=create_time,desc&kw=通知&f.status=1
 *
 * Defaults are left out (the default list has a clean address). Anything else in the address
 * (a screen's own `?module=` or `?isbn=`) is kept as it is. The address is text anyone can edit
 * or send: every value is checked against what the list offers and anything else is dropped —
 * a page that is no number is page 1, a size is one of the offered sizes, an order needs a
 * sortable column, a filter a known name and (for a field with fixed options) one of its options.
 */
import type { FieldDefinition } from '@/core/field-definition';
import { textOf } from '@/core/guards';
import type { FilterValues, ListSort } from './use-crud-list';

export const ADDRESS_PARAMS = { page: 'page', size: 'size', sort: 'sort', keyword: 'kw' } as const;
/** A filter's parameter is its field name behind this prefix (f.status=1). */
export const FILTER_PREFIX = 'f.';

/** Longer keywords and filter values in an address are cut (the search box takes any typing). */
export const MAX_ADDRESS_TEXT = 200;
/** The highest page an address may ask for; a larger number is page 1. */
const MAX_PAGE = 999_999_999;

export interface ListAddressState {
  page: number;
  size: number;
  sort: ListSort | null;
  keyword: string;
  filters: FilterValues;
}

/** What a list accepts from its address. */
export interface ListAddressRules {
  /** The page sizes the list offers, ascending. */
  pageSizes: readonly number[];
  defaultSize: number;
  /** Columns the list may be ordered by. */
  sortable: ReadonlySet<string>;
  /** The search bar's fields (their options decide which values are taken). */
  searchFields: readonly FieldDefinition[];
  /** Filters the screen sets with controls of its own (日志管理's time range). */
  ownFilters?: readonly string[];
}

/** A size from the address: one of the offered sizes, the nearest one below (or the smallest). */
function sizeFrom(text: string | null, rules: ListAddressRules): number {
  const asked = Number(text);
  if (text === null || text.trim() === '' || !Number.isFinite(asked) || asked <= 0)
    return rules.defaultSize;
  const fitting = rules.pageSizes.filter((size) => size <= asked);
  return fitting.at(-1) ?? rules.pageSizes[0] ?? rules.defaultSize;
}

function pageFrom(text: string | null): number {
  if (text === null || !/^[1-9]\d*$/.test(text)) return 1;
  const page = Number(text);
  return page <= MAX_PAGE ? page : 1;
}

function sortFrom(text: string | null, rules: ListAddressRules): ListSort | null {
  const match = text === null ? null : /^([^,]+),(asc|desc)$/.exec(text);
  if (!match || !rules.sortable.has(match[1]!)) return null;
  return { field: match[1]!, order: match[2] === 'desc' ? 'desc' : 'asc' };
}

/** A whole number written the way JavaScript writes it back (ids, option codes, seconds). */
const isNumberText = (text: string) => /^-?(0|[1-9]\d{0,14})$/.test(text);

/**
 * One filter value from its text: a fixed-option field takes only one of its options (as the
 * option's own value, so the drop-down shows it chosen); others take a whole number as a number
 * (tree and dictionary ids, seconds) and any other text as text.
 */
function filterValueFrom(text: string, field: FieldDefinition | undefined): unknown {
  const options = field?.optionData;
  if (options?.length) return options.find((option) => String(option.value) === text)?.value;
  const cut = text.slice(0, MAX_ADDRESS_TEXT);
  if (cut.trim() === '') return undefined;
  return isNumberText(cut) ? Number(cut) : cut;
}

function filtersFrom(params: URLSearchParams, rules: ListAddressRules): FilterValues {
  const filters: FilterValues = {};
  const fields = new Map(rules.searchFields.map((field) => [field.cf_fieldname, field]));
  const names = [...fields.keys(), ...(rules.ownFilters ?? [])];
  for (const name of names) {
    const values = params
      .getAll(`${FILTER_PREFIX}${name}`)
      .map((text) => filterValueFrom(text, fields.get(name)))
      .filter((value) => value !== undefined);
    if (values.length === 1) filters[name] = values[0];
    else if (values.length > 1) filters[name] = values;
  }
  return filters;
}

/** The list's state as the address `search` (location.search) says, defaults for the rest. */
export function readListAddress(search: string, rules: ListAddressRules): ListAddressState {
  const params = new URLSearchParams(search);
  return {
    page: pageFrom(params.get(ADDRESS_PARAMS.page)),
    size: sizeFrom(params.get(ADDRESS_PARAMS.size), rules),
    sort: sortFrom(params.get(ADDRESS_PARAMS.sort), rules),
    keyword: (params.get(ADDRESS_PARAMS.keyword) ?? '').slice(0, MAX_ADDRESS_TEXT),
    filters: filtersFrom(params, rules),
  };
}

/** A filter value's texts in the address: none for a blank, one per item of a list. */
function filterTexts(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.flatMap(filterTexts);
  return [textOf(value)].filter(Boolean);
}

/**
 * The address `search` with the list's state in it (`?…`, or '' when nothing is left): the
 * list's own parameters replaced, every other parameter kept.
 */
export function writeListAddress(
  search: string,
  state: ListAddressState,
  rules: Pick<ListAddressRules, 'defaultSize'>,
): string {
  const params = new URLSearchParams(search);
  for (const name of [...params.keys()]) {
    const ours =
      Object.values<string>(ADDRESS_PARAMS).includes(name) || name.startsWith(FILTER_PREFIX);
    if (ours) params.delete(name);
  }
  const keyword = state.keyword.trim();
  if (keyword) params.set(ADDRESS_PARAMS.keyword, keyword);
  for (const [name, value] of Object.entries(state.filters))
    for (const text of filterTexts(value)) params.append(`${FILTER_PREFIX}${name}`, text);
  if (state.sort) params.set(ADDRESS_PARAMS.sort, `${state.sort.field},${state.sort.order}`);
  if (state.page !== 1) params.set(ADDRESS_PARAMS.page, String(state.page));
  if (state.size !== rules.defaultSize) params.set(ADDRESS_PARAMS.size, String(state.size));
  const text = params.toString();
  return text ? `?${text}` : '';
}
