import { useMemo, useRef, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/notify';
import { crud as t } from '@/locale/crud';
import { CellView } from './cell-view';
import { createCrudMutations, createCrudQueries } from './crud-queries';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from './use-crud-list';
import type { ModuleDefinition, ModuleRecord, RecordId } from './module-definition';

/** Headless part of the bin: its page, restore, destroy with confirmation. */
export function useRecycleBin(module: ModuleDefinition) {
  const client = useQueryClient();
  const queries = useMemo(() => createCrudQueries(module), [module]);
  const mutations = useMemo(() => createCrudMutations(module, client), [module, client]);
  const [page, setPage] = useState({ pageindex: 1, pagesize: DEFAULT_PAGE_SIZE });
  const result = useQuery(queries.recycle(page));
  const restore = useMutation(mutations.restore);
  const destroy = useMutation(mutations.destroy);
  const [pending, setPending] = useState<ModuleRecord | null>(null);
  const pendingRef = useRef<ModuleRecord | null>(null);
  const idOf = (row: ModuleRecord) => row[module.primaryKey] as RecordId;
  return {
    rows: result.data?.data ?? [],
    total: result.data?.allcount ?? 0,
    first: (page.pageindex - 1) * page.pagesize,
    pagesize: page.pagesize,
    setPage: (first: number, rows: number) =>
      setPage({ pageindex: Math.floor(first / rows) + 1, pagesize: rows }),
    isFetching: result.isFetching || restore.isPending || destroy.isPending,
    isError: result.isError,
    canRestore: Boolean(module.api.restore),
    canDestroy: Boolean(module.api.destroy),
    restore: (row: ModuleRecord) => restore.mutateAsync(idOf(row)).catch(() => undefined),
    askDestroy: (row: ModuleRecord) => {
      pendingRef.current = row;
      setPending(row);
    },
    pending,
    acceptDestroy: () => {
      const row = pendingRef.current;
      pendingRef.current = null;
      setPending(null);
      if (row) void destroy.mutateAsync(idOf(row)).catch(() => undefined);
    },
    dismissDestroy: () => {
      if (pendingRef.current) notify.info(t.deleteCancelled);
      pendingRef.current = null;
      setPending(null);
    },
  };
}

function RecycleBinTable({ module }: { module: ModuleDefinition }) {
  const bin = useRecycleBin(module);
  return (
    <>
      <DataTable
        value={bin.rows}
        dataKey={module.primaryKey}
        lazy
        paginator
        first={bin.first}
        rows={bin.pagesize}
        totalRecords={bin.total}
        rowsPerPageOptions={[...PAGE_SIZES]}
        currentPageReportTemplate={t.pageReport}
        paginatorTemplate="RowsPerPageDropdown PrevPageLink PageLinks NextPageLink CurrentPageReport"
        onPage={(e) => bin.setPage(e.first, e.rows)}
        loading={bin.isFetching}
        emptyMessage={bin.isError ? t.loadFailed : t.emptyRecycle}
      >
        {module.columns.map((column) => (
          <Column
            key={column.field}
            field={column.field}
            header={column.header}
            body={(row: ModuleRecord) => <CellView column={column} row={row} />}
          />
        ))}
        <Column
          header={t.actions}
          body={(row: ModuleRecord) => (
            <span className="crud-list__actions">
              {bin.canRestore && (
                <Button
                  type="button"
                  text
                  size="small"
                  label={t.restore}
                  onClick={() => void bin.restore(row)}
                />
              )}
              {bin.canDestroy && (
                <Button
                  type="button"
                  text
                  size="small"
                  severity="danger"
                  label={t.destroy}
                  onClick={() => bin.askDestroy(row)}
                />
              )}
            </span>
          )}
        />
      </DataTable>
      <ConfirmDialog
        visible={bin.pending !== null}
        header={t.confirmTitle}
        message={t.confirmDestroy}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t.confirmAccept}
        rejectLabel={t.confirmReject}
        accept={bin.acceptDestroy}
        onHide={(result) => {
          if (result !== 'accept') bin.dismissDestroy();
        }}
      />
    </>
  );
}

/** The module's recycle bin (spec section 4): restore or destroy permanently. */
export function RecycleBin({
  module,
  visible,
  onHide,
}: {
  module: ModuleDefinition;
  visible: boolean;
  onHide: () => void;
}) {
  return (
    <Dialog
      header={t.recycleTitle(module.title)}
      visible={visible}
      onHide={onHide}
      style={{ width: 'min(960px, 95vw)' }}
      modal
    >
      {visible && <RecycleBinTable module={module} />}
    </Dialog>
  );
}
