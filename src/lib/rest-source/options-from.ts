/**
 * The options of a field that takes them from another resource of the same source (a book's
 * author from the authors list, FieldDefinition.optionsFrom): its list call asked for one page
 * of up to 100 records, each record one option, through the source's own base and credential
 * like every other call.
 */
import type { FieldOption, OptionsFrom } from '@/core/field-definition';
import { SOURCES } from '@generated/sources';
import { isRecord, textOf } from '@/core/guards';
import { installOptionsFromLoader } from '@/core/options-from';
import { restList } from './list';

/** More would make a select no one can use; such a field wants a search, not a list. */
export const OPTIONS_FROM_LIMIT = 100;

/** Per list: the records last listed, by key (what a reference field sends back whole). */
const listed = new Map<string, Map<string, Record<string, unknown>>>();

const listKey = (from: OptionsFrom) =>
  `${from.source} ${from.list.path} ${from.field ?? ''} ${from.value}`;

async function load(from: OptionsFrom): Promise<FieldOption[]> {
  const source = SOURCES.find((candidate) => candidate.name === from.source);
  if (!source) return [];
  const ask = restList<unknown>(source, from.list);
  // Never more than the list serves in one page (a larger ask would be refused).
  const max = from.list.pagination.style === 'none' ? undefined : from.list.pagination.maxSize;
  const page = await ask({ pageindex: 1, pagesize: Math.min(OPTIONS_FROM_LIMIT, max ?? Infinity) });
  const records = new Map<string, Record<string, unknown>>();
  const rows = page.data?.data ?? [];
  // Values of a field of the rows (each pet's category), else the rows themselves.
  const candidates =
    from.field === undefined
      ? rows
      : rows.map((row) => (isRecord(row) ? row[from.field ?? ''] : undefined));
  const options = candidates.flatMap((record) => {
    if (!isRecord(record)) return [];
    const value = record[from.value];
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    // The same category on many pets is one option.
    if (records.has(String(value))) return [];
    records.set(String(value), record);
    return [{ value, label: textOf(record[from.label]) || String(value) }];
  });
  listed.set(listKey(from), records);
  return options;
}

/**
 * Gives the forms this loader (src/core/options-from.ts). Called by restModule: a source's form
 * opens only after its module has been made.
 */
export function installSourceOptions(): void {
  installOptionsFromLoader({
    options: (from) => load(from),
    record: (from, key) => listed.get(listKey(from))?.get(String(key)),
  });
}
