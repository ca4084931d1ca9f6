/**
 * Lists: the pagination style from the list call's query parameters (page/size, page/per_page,
 * limit/offset, cursor), the total from a body field or the X-Total-Count / Link header (else
 * the whole answer is paged in the browser), the keyword, filters and sort it declares.
 */
import type { YamlMap } from '../../src/core/yaml-text';
import type { Json } from '../json';
import { inferField, type ListedEntity } from './fields';
import { listItems, type ListItems } from './list-items';
import { resolveRef, schemaType } from './schemas';
import type { SourceOperation, SourceParameter } from './source-operations';

export interface ListInference {
  /** Keys added to the list operation's x-admin. */
  admin: YamlMap;
  /** Query parameters that filter the list (each an entity field's `search: filter` when it is one). */
  filters: string[];
  /** Entity fields the list sorts by. */
  sortFields: string[];
  /** One line for the report. */
  summary: string;
  notes: string[];
}

const PAGE = ['page', 'pageindex', 'page_index', 'pagenumber', 'page_number', 'pageno'];
const SIZE = ['size', 'pagesize', 'page_size', 'per_page', 'perpage', 'limit'];
const OFFSET = ['offset', 'skip', 'start'];
const LIMIT = ['limit', 'size', 'count', 'top', 'max'];
const CURSOR = [
  'cursor',
  'after',
  'page_token',
  'pagetoken',
  'next',
  'starting_after',
  'continuation',
  'continuation_token',
];
/** Cursors back: a list that pages forward by `after` or `starting_after` pages back by these. */
const CURSOR_BACK = ['before', 'ending_before', 'prev', 'previous', 'page_before'];
/**
 * Every name the list's paging goes by: when a list declares two styles (Kratos: page/per_page
 * and page_size/page_token), the one not used is still paging, never a filter.
 */
const PAGING = new Set([...PAGE, ...SIZE, ...OFFSET, ...LIMIT, ...CURSOR, ...CURSOR_BACK]);
const SORT = ['sort', 'sort_by', 'sortby', 'order_by', 'orderby', 'ordering', 'order'];
const KEYWORD = ['q', 'search', 'query', 'keyword', 'keywords', 'term'];

function pick(
  query: readonly SourceParameter[],
  names: readonly string[],
  except?: string,
): string | undefined {
  return query.find((p) => names.includes(p.name.toLowerCase()) && p.name !== except)?.name;
}

function pagination(query: readonly SourceParameter[]): Record<string, string> {
  const page = pick(query, PAGE);
  const size = page ? pick(query, SIZE) : undefined;
  if (page && size) return { style: 'page', page, size };
  const offset = pick(query, OFFSET);
  const limit = offset ? pick(query, LIMIT) : undefined;
  if (offset && limit) return { style: 'offset', offset, limit };
  const cursor = pick(query, CURSOR);
  if (cursor) {
    const cursorLimit = pick(query, [...LIMIT, ...SIZE]);
    return cursorLimit
      ? { style: 'cursor', cursor, limit: cursorLimit }
      : { style: 'cursor', cursor };
  }
  return { style: 'none' };
}

function total(operation: SourceOperation, items: ListItems | undefined): Record<string, string> {
  if (operation.successHeaders.includes('x-total-count'))
    return { in: 'header', name: 'X-Total-Count' };
  if (items?.field && items.total) return { in: 'body', field: items.total };
  if (operation.successHeaders.includes('link')) return { in: 'header', name: 'Link' };
  return { in: 'client' };
}

/** `-published` and `published:desc` both sort by published. */
function sortField(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const field = value.replace(/^[-+]/, '').replace(/[:\s,](asc|desc)$/i, '');
  return field || undefined;
}

/**
 * @example inferList(findPetsByStatus, ['id', 'name', 'status'], listed, doc).admin
 * // { pagination: { style: 'none' }, total: { in: 'client' }, filters: [{ name: 'status', … }] }
 */
export function inferList(
  operation: SourceOperation,
  entityFields: readonly string[],
  listed: ReadonlyMap<string, ListedEntity>,
  document: Json,
): ListInference {
  const query = operation.parameters.filter((p) => p.in === 'query');
  const paging = pagination(query);
  const items = listItems(operation.success, document);
  const counted = total(operation, items);
  const admin: YamlMap = { pagination: paging, total: counted };
  if (items?.field) admin.items = items.field;
  const used = new Set(
    Object.entries(paging)
      .filter(([key]) => key !== 'style')
      .map(([, value]) => value),
  );
  const notes: string[] = [];
  const keyword = query.find(
    (p) =>
      KEYWORD.includes(p.name.toLowerCase()) &&
      schemaType(resolveRef(p.schema, document)) === 'string',
  );
  if (keyword) {
    admin.keyword = keyword.name;
    used.add(keyword.name);
  }
  const sortParam = pick(query, SORT);
  const sortFields: string[] = [];
  if (sortParam) {
    used.add(sortParam);
    const schema = resolveRef(query.find((p) => p.name === sortParam)?.schema, document);
    const values = Array.isArray(schema.enum) ? schema.enum : [];
    for (const value of values) {
      const field = sortField(value);
      if (field && !sortFields.includes(field)) sortFields.push(field);
    }
    admin.sort = {
      param: sortParam,
      fields: sortFields,
      descending: values.some((v) => typeof v === 'string' && v.startsWith('-'))
        ? '-field'
        : 'unknown',
    };
    if (sortFields.length === 0)
      notes.push(
        `${operation.label}: sort parameter ${sortParam} lists no values — no column is marked sortable`,
      );
  }
  // A required paging parameter stays a filter: the list cannot be asked for without it.
  const unusedPaging = query.filter(
    (p) => !used.has(p.name) && !p.required && PAGING.has(p.name.toLowerCase()),
  );
  const filters = query.filter((p) => !used.has(p.name) && !unusedPaging.includes(p));
  if (unusedPaging.length > 0)
    notes.push(
      `${operation.label}: paging parameter${unusedPaging.length > 1 ? 's' : ''} ${unusedPaging.map((p) => p.name).join(', ')} not sent (the list pages by ${paging.style ?? 'none'}) — no filter`,
    );
  if (filters.length > 0) {
    admin.filters = filters.map((parameter) => {
      const field = inferField(parameter.name, parameter.schema, {
        document,
        listed,
        where: `${operation.label} ?${parameter.name}`,
        required: false,
        primaryKey: false,
        filter: false,
        sortable: false,
      });
      const { label, control, options, default: initial } = field.admin;
      const filter: YamlMap = { name: parameter.name, label, control };
      if (options !== undefined) filter.options = options;
      if (initial !== undefined) filter.default = initial;
      if (!entityFields.includes(parameter.name)) filter.field = false;
      return filter;
    });
  }
  const style = paging.style ?? 'none';
  const where =
    counted.in === 'body'
      ? `body.${counted.field ?? ''}`
      : counted.in === 'header'
        ? `${counted.name ?? ''} header`
        : 'client-side';
  const summary = `${operation.label}: paging ${style === 'none' ? 'none (the whole answer, paged in the browser)' : `${style} (${[...used].filter((n) => n !== keyword?.name && n !== sortParam).join('/')})`}, total ${where}${filters.length > 0 ? `, filters ${filters.map((p) => p.name).join(', ')}` : ''}${keyword ? `, keyword ${keyword.name}` : ''}${sortParam ? `, sort ${sortParam}${sortFields.length > 0 ? ` (${sortFields.join(', ')})` : ''}` : ''}`;
  return { admin, filters: filters.map((p) => p.name), sortFields, summary, notes };
}
