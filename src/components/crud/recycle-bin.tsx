import { useMemo } from 'react';
import { Dialog } from 'primereact/dialog';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/notify';
import { crud as t } from '@/locale/crud';
import { createCrudMutations, createCrudQueries } from './crud-queries';
import { CrudTable, RowAction } from './crud-table';
import { LoadFailure } from './table-parts';
import { usePaging } from './use-crud-list';
import { usePendingConfirm } from './use-row-commands';
import { recordIdOf, type ModuleDefinition, type ModuleRecord } from './module-definition';

/** Headless part of the bin: its page, restore, destroy with confirmation. */
export function useRecycleBin(module: ModuleDefinition) {
  const client = useQueryClient();
  const queries = useMemo(() => createCrudQueries(module), [module]);
  const mutations = useMemo(() => createCrudMutations(module, client), [module, client]);
  const paging = usePaging();
  const result = useQuery(queries.recycle(paging.page));
  const restore = useMutation(mutations.restore);
  const destroy = useMutation(mutations.destroy);
  const confirm = usePendingConfirm<ModuleRecord>();
  const idOf = (row: ModuleRecord) => recordIdOf(row, module.primaryKey);
  return {
    rows: result.data?.data ?? [],
    total: result.data?.allcount ?? 0,
    paging,
    isFetching: result.isFetching || restore.isPending || destroy.isPending,
    isError: result.isError,
    loadError: result.error,
    retry: () => void result.refetch(),
    canRestore: module.api.restore !== undefined,
    canDestroy: module.api.destroy !== undefined,
    restore: (row: ModuleRecord) => restore.mutateAsync(idOf(row)).catch(() => undefined),
    askDestroy: confirm.ask,
    pending: confirm.pending,
    acceptDestroy: () => {
      const row = confirm.take();
      if (row) void destroy.mutateAsync(idOf(row)).catch(() => undefined);
    },
    dismissDestroy: () => {
      if (confirm.take()) notify.info(t.deleteCancelled);
    },
  };
}

function RecycleBinTable({ module }: { module: ModuleDefinition }) {
  const bin = useRecycleBin(module);
  return (
    <>
      <CrudTable
        module={module}
        rows={bin.rows}
        total={bin.total}
        paging={bin.paging}
        loading={bin.isFetching}
        emptyMessage={t.emptyRecycle}
        loadFailure={
          bin.isError ? <LoadFailure error={bin.loadError} onRetry={bin.retry} /> : undefined
        }
        actions={(row) => (
          <>
            {bin.canRestore && (
              <RowAction label={t.restore} onClick={() => void bin.restore(row)} />
            )}
            {bin.canDestroy && (
              <RowAction label={t.destroy} danger onClick={() => bin.askDestroy(row)} />
            )}
          </>
        )}
      />
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
