/**
 * 字段管理 (/system/module/field?module=<id>): the fields of one designed module, opened from
 * its 后台设计 row. Left, the field list — add, edit, delete, reorder by dragging a row or by
 * its sort number (both saved through updatefield cf_sort); right, a live preview of the form
 * the module's users will fill in, rendered by DynamicForm from the same definitions and
 * validated the same way (校验预览 shows the messages).
 */
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { InputNumber } from 'primereact/inputnumber';
import { Tag } from 'primereact/tag';
import { permissionKeyOf } from '@/components/crud';
import { useDynamicForm } from '@/components/form/use-dynamic-form';
import { DynamicFormView } from '@/components/form/dynamic-form';
import { LAZY_CONTROL_CODES } from '@/components/form/controls/lazy-code';
import { hasPermissionKey } from '@/lib/permissions';
import { notify } from '@/lib/notify';
import { designer as t } from '@/locale/designer';
import type { FieldDefinition } from '@/core/field-definition';
import { designerFieldModule } from '@generated/modules/designer-field';
import { designermoduleInfo } from '@generated/api/designermodule/designermodule';
import {
  fieldAdd,
  fieldDelete,
  fieldEdit,
  fieldList,
  fieldUpdatefield,
  getFieldListQueryKey,
} from '@generated/api/field/field';
import {
  draftBody,
  draftOf,
  fieldOfRow,
  resortedRows,
  sortedRows,
  storedRows,
  type FieldDraft,
  type FieldRow,
} from './designer-fields';
import { FieldEditor } from './field-editor';
import './designer.css';

const ALL_FIELDS = { pageindex: 1, pagesize: 1000 } as const;

function useModuleFields(moduleId: number) {
  const params = { ...ALL_FIELDS, module_id: moduleId };
  return useQuery({
    queryKey: getFieldListQueryKey(params),
    queryFn: async ({ signal }) => {
      const answer = await fieldList(params, undefined, signal);
      return sortedRows(storedRows(answer.data?.data ?? []));
    },
    enabled: moduleId > 0,
  });
}

/** The live preview: the module's form as its users will see it, validated the same way. */
function FormPreview({ fields }: { fields: readonly FieldDefinition[] }) {
  const controller = useDynamicForm({
    fields,
    onSubmit: () => notify.success(t.previewValid),
  });
  const errors = Object.keys(controller.form.formState.errors).length;
  return (
    <DynamicFormView controller={controller}>
      <div className="designer-preview__actions">
        <Button type="submit" icon="pi pi-check-square" label={t.validatePreview} />
        {errors > 0 && (
          <span className="designer-preview__count" role="status">
            {t.previewInvalid(errors)}
          </span>
        )}
      </div>
    </DynamicFormView>
  );
}

function SortCell({
  row,
  disabled,
  onChange,
}: {
  row: FieldRow;
  disabled: boolean;
  onChange: (sort: number) => void;
}) {
  const [value, setValue] = useState<number | null>(row.cf_sort ?? 0);
  const commit = () => {
    if (value !== null && value !== row.cf_sort) onChange(value);
  };
  return (
    <InputNumber
      value={value}
      min={0}
      max={9999}
      useGrouping={false}
      disabled={disabled}
      inputClassName="designer-sort__input"
      aria-label={`${t.sortNumber} ${row.cf_name}`}
      onChange={(event) => setValue(event.value ?? null)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}

export default function FieldPage() {
  // The preview and the field editor show any control type: their code is fetched with the page,
  // so that picking a date or tree control shows it at once instead of waiting for its download.
  useEffect(() => {
    for (const code of LAZY_CONTROL_CODES) code.load().catch(() => undefined);
  }, []);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const moduleId = Number(search.get('module') ?? 0);
  const module = useQuery({
    queryKey: ['/api/module/info', moduleId],
    queryFn: ({ signal }) => designermoduleInfo({ id: { id: moduleId } }, undefined, signal),
    enabled: moduleId > 0,
  });
  const fields = useModuleFields(moduleId);
  const [editing, setEditing] = useState<FieldDraft>();
  const [deleting, setDeleting] = useState<FieldRow>();
  // The order shown while a drag is being saved (the list answers the new order afterwards).
  const [dragged, setDragged] = useState<FieldRow[]>();

  const refresh = () => client.invalidateQueries({ queryKey: getFieldListQueryKey() });
  const save = useMutation({
    mutationFn: (draft: FieldDraft) => {
      const body = draftBody(draft, moduleId);
      return draft.id ? fieldEdit({ ...body, id: draft.id }) : fieldAdd(body);
    },
    onSuccess: async () => {
      notify.success(t.saved);
      setEditing(undefined);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (row: FieldRow) => fieldDelete({ id: { id: row.id } }),
    onSettled: refresh,
  });
  const resort = useMutation({
    mutationFn: async (changes: { id: number; cf_sort: number }[]) => {
      for (const change of changes)
        await fieldUpdatefield({ id: change.id, field: 'cf_sort', value: change.cf_sort });
    },
    onSuccess: () => notify.success(t.orderSaved),
    onSettled: async () => {
      await refresh();
      setDragged(undefined);
    },
  });

  const rows = useMemo(() => dragged ?? fields.data ?? [], [dragged, fields.data]);
  const definitions = useMemo(() => rows.map(fieldOfRow), [rows]);
  // A new preview whenever the definitions change: defaults, rules and order follow at once.
  const previewKey = useMemo(() => JSON.stringify(definitions), [definitions]);
  const canAdd = hasPermissionKey(permissionKeyOf(designerFieldModule, 'add'));
  const canEdit = hasPermissionKey(permissionKeyOf(designerFieldModule, 'edit'));
  const canDelete = hasPermissionKey(permissionKeyOf(designerFieldModule, 'delete'));
  const canSort = hasPermissionKey(permissionKeyOf(designerFieldModule, 'updatefield'));

  if (!(moduleId > 0))
    return (
      <section className="designer-page" aria-label={designerFieldModule.title}>
        <p className="designer-empty">{t.pickModule}</p>
        <Button label={t.backToModules} onClick={() => void navigate('/system/module/list')} />
      </section>
    );
  const record = module.data?.data;
  const title = record
    ? t.fieldsTitle(record.module_title, record.module_name)
    : module.isError
      ? t.moduleMissing
      : designerFieldModule.title;
  const nextSort = Math.max(0, ...rows.map((row) => row.cf_sort ?? 0)) + 1;

  return (
    <section className="designer-page designer-fields" aria-label={title}>
      <header className="designer-page__header">
        <h2>{title}</h2>
        <Button
          label={t.backToModules}
          icon="pi pi-arrow-left"
          text
          onClick={() => void navigate('/system/module/list')}
        />
      </header>
      <div className="designer-fields__body">
        <section className="designer-fields__list" aria-label={t.fieldList}>
          <div className="designer-fields__toolbar">
            {canAdd && (
              <Button
                icon="pi pi-plus"
                label={t.addField}
                disabled={!record}
                onClick={() => setEditing(draftOf(undefined, nextSort))}
              />
            )}
            <span className="designer-fields__hint">{t.sortHint}</span>
          </div>
          <DataTable
            value={rows}
            dataKey="id"
            loading={fields.isLoading || resort.isPending}
            reorderableRows={canSort}
            onRowReorder={(event) => {
              const ordered = event.value;
              setDragged(ordered);
              resort.mutate(resortedRows(ordered));
            }}
            emptyMessage={t.previewEmpty}
            size="small"
            stripedRows
          >
            {canSort && <Column rowReorder style={{ width: '2.5rem' }} />}
            <Column
              header={t.columns.sort}
              style={{ width: '7rem' }}
              body={(row: FieldRow) => (
                <SortCell
                  key={`${row.id}-${row.cf_sort}`}
                  row={row}
                  disabled={!canSort || resort.isPending}
                  onChange={(sort) => resort.mutate([{ id: row.id, cf_sort: sort }])}
                />
              )}
            />
            <Column field="cf_name" header={t.columns.name} />
            <Column field="cf_fieldname" header={t.columns.fieldname} />
            <Column
              header={t.columns.control}
              body={(row: FieldRow) => <Tag value={row.cf_control} severity="info" />}
            />
            <Column
              header={t.columns.validate}
              body={(row: FieldRow) => (row.cf_validate === 'require' ? t.required : t.optional)}
            />
            <Column
              header={t.columns.actions}
              style={{ width: '10rem' }}
              body={(row: FieldRow) => (
                <span className="designer-row-actions">
                  {canEdit && (
                    <Button
                      label={t.edit}
                      text
                      size="small"
                      aria-label={`${t.edit} ${row.cf_name}`}
                      onClick={() => setEditing(draftOf(row, nextSort))}
                    />
                  )}
                  {canDelete && (
                    <Button
                      label={t.deleteField}
                      text
                      size="small"
                      severity="danger"
                      aria-label={`${t.deleteField} ${row.cf_name}`}
                      onClick={() => setDeleting(row)}
                    />
                  )}
                </span>
              )}
            />
          </DataTable>
        </section>
        <section className="designer-fields__preview" aria-label={t.preview}>
          <h3>{t.preview}</h3>
          {definitions.length === 0 ? (
            <p className="designer-empty">{t.previewEmpty}</p>
          ) : (
            <FormPreview key={previewKey} fields={definitions} />
          )}
        </section>
      </div>
      {editing && (
        <FieldEditor
          draft={editing}
          taken={rows.filter((row) => row.id !== editing.id).map((row) => row.cf_fieldname)}
          storedName={rows.find((row) => row.id === editing.id)?.cf_fieldname}
          saving={save.isPending}
          onSave={(draft) => save.mutateAsync(draft)}
          onHide={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        visible={Boolean(deleting)}
        header={t.deleteField}
        message={deleting ? t.confirmDeleteField(deleting.cf_name) : ''}
        icon="pi pi-exclamation-triangle"
        acceptClassName="p-button-danger"
        accept={() => deleting && remove.mutate(deleting)}
        onHide={() => setDeleting(undefined)}
      />
    </section>
  );
}
