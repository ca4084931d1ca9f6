import { useMemo, type ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useQuery } from '@tanstack/react-query';
import { common } from '@/locale/common';
import { crud as t } from '@/locale/crud';
import { settings as ts } from '@/locale/settings';
import type { FieldDefinition, FieldOption } from '@/core/field-definition';
import { optionSourceOf, useFieldOptions } from '@/components/form/option-sources';
import { fieldText } from './cell-format';
import { CellView } from './cell-view';
import { createCrudQueries } from './crud-queries';
import { looksLikeHtml, RichText } from './rich-text';
import type {
  ColumnDefinition,
  ModuleDefinition,
  ModuleRecord,
  RecordId,
} from './module-definition';
import { textOf } from '@/core/guards';
import { referencedKey } from '@/core/options-from';

/** Loads one record through `info`: a spinner meanwhile, 数据加载失败 when it fails. */
export function RecordLoader<Row extends ModuleRecord>({
  module,
  id,
  children,
}: {
  module: ModuleDefinition<Row>;
  id: RecordId;
  children: (record: Row) => ReactNode;
}) {
  const queries = useMemo(() => createCrudQueries(module), [module]);
  const info = useQuery(queries.info(id));
  if (info.isLoading)
    return <ProgressSpinner aria-label={t.loading} style={{ width: 40, height: 40 }} />;
  if (info.isError || !info.data) return <p className="p-error">{t.loadFailed}</p>;
  return children(info.data);
}

/** Labels from the root down to the option of `value` in a (tree of) options, or undefined. */
export function optionPath(options: readonly FieldOption[], value: unknown): string[] | undefined {
  for (const option of options) {
    if (String(option.value) === String(value)) return [option.label];
    const below = option.children ? optionPath(option.children, value) : undefined;
    if (below) return [option.label, ...below];
  }
  return undefined;
}

function isTopLevel(value: unknown): boolean {
  return value === 0 || value === '0';
}

/**
 * Detail text of a value chosen from options: each chosen value as its tree path
 * (总公司 / 研发中心), 无（顶级） for a parent id 0, the raw value only when no option has it.
 */
export function chosenText(options: readonly FieldOption[], value: unknown): string {
  if (value === null || value === undefined || value === '') return common.dash;
  const values = Array.isArray(value) ? value : textOf(value).split(',');
  return values
    .map((item) => {
      const path = optionPath(options, item);
      if (path) return path.join(ts.info.pathSeparator);
      return isTopLevel(item) ? ts.info.topLevel : String(item);
    })
    .join('、');
}

/** A value whose labels come from a dictionary, an API list, departments or cities. */
function LookedUpValue({ field, value }: { field: FieldDefinition; value: unknown }) {
  const { options, isLoading } = useFieldOptions(field);
  if (isLoading) return <span>{t.loading}</span>;
  return <span>{chosenText(options, referencedKey(field.optionsFrom, value))}</span>;
}

function InfoValue({
  field,
  column,
  record,
}: {
  field: FieldDefinition;
  column?: ColumnDefinition;
  record: ModuleRecord;
}) {
  const value = record[field.cf_fieldname];
  // Widgets are drawn as in the list.
  if (column && (column.format === 'image' || column.format === 'switch'))
    return column.format === 'switch' ? (
      <span>{fieldText(field, value, column)}</span>
    ) : (
      <CellView column={column} row={record} />
    );
  if (field.cf_control === 'editor' || looksLikeHtml(value))
    return <RichText value={value} className="crud-info__rich rich-text" />;
  if (optionSourceOf(field).kind !== 'static') return <LookedUpValue field={field} value={value} />;
  if (field.optionData?.length && !TIME_CONTROLS.includes(field.cf_control))
    return <span>{chosenText(field.optionData, value)}</span>;
  return <span>{fieldText(field, value, column)}</span>;
}

const TIME_CONTROLS: readonly FieldDefinition['cf_control'][] = [
  'DatePicker',
  'DateTimePicker',
  'TimePicker',
];

/** A record's fields as a definition list, formatted like the list (查看 and the lookup page). */
export function RecordDetails({
  module,
  record,
}: {
  module: ModuleDefinition;
  record: ModuleRecord;
}) {
  const fields = module.fields.filter((field) => field.cf_ispri !== 1);
  return (
    <dl className="crud-info">
      {fields.map((field) => (
        <div key={field.cf_fieldname} className="crud-info__row">
          <dt>{field.cf_name}</dt>
          <dd>
            <InfoValue
              field={field}
              column={module.columns.find((c) => c.field === field.cf_fieldname)}
              record={record}
            />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Read-only detail dialog of one record, from `info`, formatted like the list. */
export function CrudInfo({
  module,
  id,
  visible,
  onHide,
}: {
  module: ModuleDefinition;
  id?: RecordId;
  visible: boolean;
  onHide: () => void;
}) {
  return (
    <Dialog
      header={t.viewTitle(module.title)}
      visible={visible}
      onHide={onHide}
      style={{ width: 'min(640px, 95vw)' }}
      modal
    >
      {visible && id !== undefined && (
        <RecordLoader module={module} id={id}>
          {(record) => <RecordDetails module={module} record={record} />}
        </RecordLoader>
      )}
    </Dialog>
  );
}
