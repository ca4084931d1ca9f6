/**
 * The screen of a resource whose API offers no list (Petstore's orders and users: only
 * GET /store/order/{orderId}): the record is looked up by its key and shown as 查看 shows it,
 * with 新增, 编辑 and 删除 as the module's capabilities and the user's keys allow.
 */
import { useId, useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { InputText } from 'primereact/inputtext';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isRecord } from '@/core/guards';
import { crud as t } from '@/locale/crud';
import { RecordDetails, RecordLoader } from './crud-info';
import { createCrudMutations } from './crud-queries';
import { LazyCrudForm } from './lazy-dialogs';
import type { ModuleDefinition, ModuleRecord, RecordId } from './module-definition';
import { canDo } from './permission-keys';
import { useCrudDialog } from './use-crud-dialog';

/** The key as the API names records: a number when the key field is numeric. */
function keyOf(module: ModuleDefinition, typed: string): RecordId {
  const field = module.fields.find((f) => f.cf_fieldname === module.primaryKey);
  return field?.cf_control === 'InputNumber' && /^\d+$/.test(typed) ? Number(typed) : typed;
}

export function CrudLookupPage<Row extends ModuleRecord>({
  module,
}: {
  module: ModuleDefinition<Row>;
}) {
  const inputId = useId();
  const keyLabel =
    module.fields.find((field) => field.cf_fieldname === module.primaryKey)?.cf_name ??
    module.primaryKey;
  const [typed, setTyped] = useState('');
  const [shown, setShown] = useState<RecordId | undefined>(undefined);
  const [asking, setAsking] = useState(false);
  const [empty, setEmpty] = useState(false);
  const dialogs = useCrudDialog();
  const client = useQueryClient();
  const remove = useMutation(createCrudMutations(module, client).remove);

  const lookUp = (event: FormEvent) => {
    event.preventDefault();
    const key = typed.trim();
    setEmpty(key === '');
    if (key !== '') setShown(keyOf(module, key));
  };

  return (
    <section className="crud-page crud-lookup" aria-label={module.title}>
      <div className="crud-list__toolbar">
        <div className="crud-list__buttons">
          {canDo(module, 'add') && (
            <Button
              type="button"
              icon="pi pi-plus"
              label={t.add}
              onClick={() => dialogs.open({ kind: 'add' })}
            />
          )}
        </div>
        <form className="crud-lookup__form" onSubmit={lookUp} role="search">
          <label htmlFor={inputId}>{t.lookupLabel(keyLabel)}</label>
          <InputText
            id={inputId}
            value={typed}
            invalid={empty}
            aria-describedby={`${inputId}-hint`}
            onChange={(event) => setTyped(event.target.value)}
          />
          <Button type="submit" icon="pi pi-search" label={t.lookupButton} />
        </form>
      </div>
      <p id={`${inputId}-hint`} className={empty ? 'p-error' : 'crud-lookup__hint'}>
        {empty ? t.lookupEmpty(keyLabel) : t.lookupHint(keyLabel)}
      </p>
      {shown !== undefined && (
        <RecordLoader module={module} id={shown}>
          {(record) => (
            <div className="crud-lookup__record">
              <RecordDetails module={module} record={record} />
              <div className="crud-list__buttons">
                {canDo(module, 'edit') && (
                  <Button
                    type="button"
                    label={t.edit}
                    outlined
                    onClick={() => dialogs.open({ kind: 'edit', id: shown })}
                  />
                )}
                {canDo(module, 'delete') && (
                  <Button
                    type="button"
                    label={t.delete}
                    severity="danger"
                    outlined
                    onClick={() => setAsking(true)}
                  />
                )}
              </div>
            </div>
          )}
        </RecordLoader>
      )}
      <LazyCrudForm
        module={module}
        {...dialogs.form}
        onHide={dialogs.close}
        onAdded={(answer) => {
          // The record the server made (with its new key) is shown: there is no list to find it in.
          const key = isRecord(answer) ? answer[module.primaryKey] : undefined;
          if (typeof key !== 'number' && typeof key !== 'string') return;
          setTyped(String(key));
          setShown(key);
        }}
      />
      <ConfirmDialog
        tagKey="crud-lookup"
        visible={asking}
        header={t.confirmTitle}
        message={t.confirmDestroy}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t.confirmAccept}
        rejectLabel={t.confirmReject}
        accept={() => {
          if (shown === undefined) return;
          remove.mutate(shown, { onSuccess: () => setShown(undefined) });
        }}
        onHide={() => setAsking(false)}
      />
    </section>
  );
}
