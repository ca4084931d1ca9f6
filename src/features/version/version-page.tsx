/**
 * A version screen: the generated CRUD list with the current version marked (a tag in the
 * 当前版本 column) and the row action 设为当前版本, which leaves exactly one current version
 * per system (system versions) or per module (module versions).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Tag } from 'primereact/tag';
import {
  CrudPage,
  crudKeys,
  permissionKeyOf,
  type ModuleDefinition,
  type RowActionDefinition,
} from '@/components/crud';
import type { Envelope } from '@/lib/request';
import { notify } from '@/lib/notify';
import { versions as t } from '@/locale/deal';
import { textOf } from '@/core/guards';

/** Field marking the current version (1 current, 2 not). */
export const CURRENT_FIELD = 'is_current';

export function isCurrentVersion(row: Record<string, unknown>): boolean {
  return Number(row[CURRENT_FIELD]) === 1;
}

export interface VersionPageProps {
  module: ModuleDefinition;
  /** The version number field shown in the confirmation. */
  numberField: string;
  setCurrent: (body: { id: number | string }) => Promise<Envelope<unknown>>;
}

export function VersionPage({ module, numberField, setCurrent }: VersionPageProps) {
  const client = useQueryClient();
  const mark = useMutation({
    mutationFn: (id: number | string) => setCurrent({ id }),
    onSuccess: async () => {
      notify.success(t.setCurrentSuccess);
      await Promise.all(
        crudKeys(module)
          .lists()
          .map((queryKey) => client.invalidateQueries({ queryKey })),
      );
    },
  });
  const setCurrentAction: RowActionDefinition = {
    id: 'setcurrent',
    label: t.setCurrent,
    permission: { action: 'edit', key: permissionKeyOf(module, 'edit') },
    visible: (row) => !isCurrentVersion(row),
    onClick: (row, list) =>
      list.ask({
        message: t.confirmSetCurrent(textOf(row[numberField])),
        accept: () => mark.mutateAsync(list.idOf(row)),
      }),
  };
  return (
    <CrudPage
      module={module}
      rowActions={[setCurrentAction]}
      columns={{
        [CURRENT_FIELD]: {
          body: (row) =>
            isCurrentVersion(row) ? (
              <Tag severity="success" icon="pi pi-check" value={t.currentTag} />
            ) : null,
        },
      }}
    />
  );
}
