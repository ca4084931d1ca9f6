import { useState } from 'react';
import { Button } from 'primereact/button';
import { crud as t } from '@/locale/crud';
import { CrudForm } from './crud-form';
import { CrudInfo } from './crud-info';
import { CrudListView } from './crud-list';
import { ImportExport } from './import-export';
import { RecycleBin } from './recycle-bin';
import { canDo } from './permission-keys';
import { useCrudList } from './use-crud-list';
import type { ModuleDefinition, RecordId } from './module-definition';

type PageDialog =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'edit'; id: RecordId }
  | { kind: 'view'; id: RecordId }
  | { kind: 'recycle' };

/**
 * A whole generated CRUD screen from one ModuleDefinition: list with search and paging,
 * add/edit/view dialogs, recycle bin and import/export, as the module's capabilities say.
 * @example <CrudPage module={noticeModule} />
 */
export function CrudPage({
  module,
  source = 'list',
}: {
  module: ModuleDefinition;
  source?: 'list' | 'mylist';
}) {
  const list = useCrudList(module, { source });
  const [dialog, setDialog] = useState<PageDialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const hasImportExport = canDo(module, 'import') || canDo(module, 'export');

  const toolbar = (
    <>
      {canDo(module, 'add') && (
        <Button
          type="button"
          icon="pi pi-plus"
          label={t.add}
          onClick={() => setDialog({ kind: 'add' })}
        />
      )}
      {module.capabilities.includes('recycle') && module.api.recycle && (
        <Button
          type="button"
          icon="pi pi-trash"
          label={t.recycleBin}
          severity="secondary"
          outlined
          onClick={() => setDialog({ kind: 'recycle' })}
        />
      )}
      {hasImportExport && <ImportExport module={module} filters={list.filterQuery} />}
    </>
  );

  return (
    <section className="crud-page" aria-label={module.title}>
      <CrudListView
        list={list}
        toolbar={toolbar}
        onView={(row) => setDialog({ kind: 'view', id: list.idOf(row) })}
        onEdit={(row) => setDialog({ kind: 'edit', id: list.idOf(row) })}
      />
      <CrudForm
        module={module}
        mode={dialog.kind === 'edit' ? 'edit' : 'add'}
        id={dialog.kind === 'edit' ? dialog.id : undefined}
        visible={dialog.kind === 'add' || dialog.kind === 'edit'}
        onHide={close}
      />
      <CrudInfo
        module={module}
        id={dialog.kind === 'view' ? dialog.id : undefined}
        visible={dialog.kind === 'view'}
        onHide={close}
      />
      {module.capabilities.includes('recycle') && (
        <RecycleBin module={module} visible={dialog.kind === 'recycle'} onHide={close} />
      )}
    </section>
  );
}
