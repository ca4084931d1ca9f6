import { useMemo, type ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useQuery } from '@tanstack/react-query';
import { crud as t } from '@/locale/crud';
import { fieldText } from './cell-format';
import { CellView } from './cell-view';
import { createCrudQueries } from './crud-queries';
import type { ModuleDefinition, ModuleRecord, RecordId } from './module-definition';

/** Loads one record through `info`: a spinner meanwhile, 数据加载失败 when it fails. */
export function RecordLoader({
  module,
  id,
  children,
}: {
  module: ModuleDefinition;
  id: RecordId;
  children: (record: ModuleRecord) => ReactNode;
}) {
  const queries = useMemo(() => createCrudQueries(module), [module]);
  const info = useQuery(queries.info(id));
  if (info.isLoading)
    return <ProgressSpinner aria-label={t.loading} style={{ width: 40, height: 40 }} />;
  if (info.isError || !info.data) return <p className="p-error">{t.loadFailed}</p>;
  return children(info.data as ModuleRecord);
}

function InfoBody({ module, record }: { module: ModuleDefinition; record: ModuleRecord }) {
  const fields = module.fields.filter((field) => field.cf_ispri !== 1);
  return (
    <dl className="crud-info">
      {fields.map((field) => {
        const column = module.columns.find((c) => c.field === field.cf_fieldname);
        // Widgets, and labels looked up from a dictionary or API, are drawn as in the list.
        const asInList =
          column &&
          (column.optionSource !== undefined ||
            column.format === 'image' ||
            column.format === 'status' ||
            column.format === 'tag');
        return (
          <div key={field.cf_fieldname} className="crud-info__row">
            <dt>{field.cf_name}</dt>
            <dd>
              {asInList ? (
                <CellView column={column} row={record} />
              ) : (
                fieldText(field, record[field.cf_fieldname], column)
              )}
            </dd>
          </div>
        );
      })}
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
          {(record) => <InfoBody module={module} record={record} />}
        </RecordLoader>
      )}
    </Dialog>
  );
}
