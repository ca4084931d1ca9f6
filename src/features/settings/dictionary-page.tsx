/**
 * 字典管理: two levels. The parent dictionaries (pid 0) on top, with status, edit and 刷新缓存;
 * choosing one (字典项) lists and edits its items below, with a preview select that reads the
 * dictionary the way every DICTIONARY field does (from the client's option cache). 刷新缓存
 * rebuilds the server cache (createcash) and empties the client's dictionary options, so a
 * new item shows in every dictionary select at once.
 */
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { CrudPage, type RowActionDefinition } from '@/components/crud';
import { optionKeys } from '@/components/form';
import { SelectControl } from '@/components/form/controls/select';
import { dictionaryCreatecash } from '@generated/api/dictionary/dictionary';
import { dictionaryModule } from '@generated/modules/dictionary';
import { notify } from '@/lib/notify';
import { useCanCall } from '@/lib/permissions/guards';
import { settings as ts } from '@/locale/settings';
import { scopedModule } from './scoped-module';
import './settings.css';
import type { Dictionary } from '@generated/api/model/dictionary';
import * as dictionaryCalls from '@generated/calls/dictionary';

const t = ts.dictionary;

/** Rebuilds the server's dictionary cache, then drops the client's cached dictionary options. */
export function useRefreshDictionaryCache() {
  const client = useQueryClient();
  return async () => {
    await dictionaryCreatecash({ isCash: 1 });
    await client.invalidateQueries({ queryKey: [...optionKeys.all, 'dictionary'] });
    notify.success(t.cacheRefreshed);
  };
}

interface Parent {
  id: number;
  name: string;
  code: string;
}

export default function DictionaryPage() {
  const [parent, setParent] = useState<Parent>();
  const [preview, setPreview] = useState<unknown>(null);
  const refreshCache = useRefreshDictionaryCache();
  const canRefreshCache = useCanCall(dictionaryCalls.dictionaryCreatecash);
  const parents = useMemo(() => scopedModule(dictionaryModule, 'pid', 0, t.parents), []);
  const items = useMemo(
    () => parent && scopedModule(dictionaryModule, 'pid', parent.id, t.items(parent.name)),
    [parent],
  );
  const chooseItems: RowActionDefinition<Dictionary> = {
    id: 'items',
    label: t.itemsAction,
    onClick: ({ id, name, code }) => setParent({ id, name, code }),
  };
  const refreshButton = canRefreshCache && (
    <Button
      type="button"
      icon="pi pi-refresh"
      label={t.refreshCache}
      severity="secondary"
      outlined
      onClick={() => void refreshCache()}
    />
  );

  return (
    <div className="settings-stack">
      <CrudPage
        module={parents}
        rowActions={[chooseItems]}
        toolbarExtra={refreshButton}
        columns={{ value: { hidden: true } }}
      />
      <section className="settings-panel" aria-label={parent ? t.items(parent.name) : t.pickParent}>
        {parent && items ? (
          <>
            <div className="settings-toolbar">
              <h2>{t.items(parent.name)}</h2>
              <label className="settings-preview">
                <span>{t.preview}</span>
                <SelectControl
                  key={parent.code}
                  id="dictionary-preview"
                  field={{
                    cf_name: t.preview,
                    cf_fieldname: 'preview',
                    cf_control: 'select',
                    cf_sourcetype: 'DICTIONARY',
                    cf_dictionary: parent.code,
                  }}
                  value={preview}
                  onChange={setPreview}
                  onBlur={() => undefined}
                  invalid={false}
                />
              </label>
            </div>
            <CrudPage
              key={parent.id}
              module={items}
              toolbarExtra={refreshButton}
              inAddress={false}
            />
          </>
        ) : (
          <p className="settings-empty">{t.pickParent}</p>
        )}
      </section>
    </div>
  );
}
