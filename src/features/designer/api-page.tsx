/**
 * 前台设计 (/system/moduleapi/list): per designed module, which of its fields each front-end
 * call exposes — 列表 and 详情 answer them, 新增 and 编辑 accept them — chosen with checkboxes,
 * with the JSON shape of the call previewed from sample values by control type. Saving writes
 * the module's front call for that action (api_action, api_fields); the generated table below
 * lists and edits every front call.
 */
import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import { CrudPage, permissionKeyOf } from '@/components/crud';
import { choiceOf } from '@/core/guards';
import { hasPermissionKey } from '@/lib/permissions';
import { notify } from '@/lib/notify';
import { designer as t } from '@/locale/designer';
import { designerApiModule } from '@generated/modules/designer-api';
import {
  designermoduleList,
  getDesignermoduleListQueryKey,
} from '@generated/api/designermodule/designermodule';
import { fieldList, getFieldListQueryKey } from '@generated/api/field/field';
import {
  getModuleapiListQueryKey,
  moduleapiAdd,
  moduleapiEdit,
  moduleapiList,
} from '@generated/api/moduleapi/moduleapi';
import type { DesignerApi } from '@generated/api/model/designerApi';
import type { DesignerApiApiAction } from '@generated/api/model/designerApiApiAction';
import { callShape, fieldOfRow, sampleValue, sortedRows, storedRows } from './designer-fields';
import './designer.css';

type Action = DesignerApiApiAction;
const ACTIONS: Action[] = ['list', 'info', 'add', 'edit'];
/** Reading calls are GET for lists, POST with {id:{id}} otherwise (the contract's conventions). */
const METHOD: Record<Action, 'GET' | 'POST'> = {
  list: 'GET',
  info: 'POST',
  add: 'POST',
  edit: 'POST',
};

interface ModuleChoice {
  id: number;
  title: string;
  name: string;
}

function storedFields(call: DesignerApi | undefined): string[] | undefined {
  if (!call?.api_fields) return undefined;
  try {
    const parsed: unknown = JSON.parse(call.api_fields);
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === 'string') : undefined;
  } catch {
    return undefined;
  }
}

export default function ApiPage() {
  const client = useQueryClient();
  const [moduleId, setModuleId] = useState<number>();
  const [action, setAction] = useState<Action>('list');
  // The user's ticks per module and action; absent: what is stored (or every field).
  const [picked, setPicked] = useState<Record<string, string[]>>({});

  const modules = useQuery({
    queryKey: getDesignermoduleListQueryKey({ pageindex: 1, pagesize: 1000 }),
    queryFn: async ({ signal }) => {
      const answer = await designermoduleList({ pageindex: 1, pagesize: 1000 }, undefined, signal);
      return (answer.data?.data ?? []).map(
        (row): ModuleChoice => ({
          id: Number(row.id),
          title: row.module_title,
          name: row.module_name,
        }),
      );
    },
  });
  const module = modules.data?.find((item) => item.id === moduleId);
  const fieldParams = { pageindex: 1, pagesize: 1000, module_id: moduleId ?? 0 };
  const fields = useQuery({
    queryKey: getFieldListQueryKey(fieldParams),
    queryFn: async ({ signal }) =>
      sortedRows(storedRows((await fieldList(fieldParams, undefined, signal)).data?.data ?? [])),
    enabled: moduleId !== undefined,
  });
  const callParams = { pageindex: 1, pagesize: 1000, module_id: moduleId ?? 0 };
  const calls = useQuery({
    queryKey: getModuleapiListQueryKey(callParams),
    queryFn: async ({ signal }) =>
      (await moduleapiList(callParams, undefined, signal)).data?.data ?? [],
    enabled: moduleId !== undefined,
  });

  const designed = useMemo(
    () => (fields.data ?? []).filter((row) => row.cf_ispri !== 1).map(fieldOfRow),
    [fields.data],
  );
  const call = calls.data?.find((item) => item.api_action === action);
  const key = `${moduleId}:${action}`;
  const chosen =
    picked[key] ??
    storedFields(call)?.filter((name) => designed.some((f) => f.cf_fieldname === name)) ??
    designed.map((field) => field.cf_fieldname);
  const record = Object.fromEntries(
    designed
      .filter((field) => chosen.includes(field.cf_fieldname))
      .map((field) => [field.cf_fieldname, sampleValue(field)]),
  );
  const toggle = (name: string, on: boolean) =>
    setPicked((current) => ({
      ...current,
      [key]: on
        ? designed.map((f) => f.cf_fieldname).filter((n) => n === name || chosen.includes(n))
        : chosen.filter((n) => n !== name),
    }));

  const save = useMutation({
    mutationFn: async () => {
      if (!module) return;
      const label = t.apiActions[action];
      const body: DesignerApi = {
        api_name: call?.api_name ?? t.apiName(module.title, label),
        api_path: call?.api_path ?? `/api/front/${module.name.toLowerCase()}/${action}`,
        api_method: call?.api_method ?? METHOD[action],
        module_id: module.id,
        api_action: action,
        api_fields: JSON.stringify(chosen),
        auth_type: call?.auth_type ?? 1,
        cache_time: call?.cache_time ?? 0,
        api_desc: call?.api_desc ?? '',
      };
      if (call?.id) await moduleapiEdit({ ...body, id: call.id });
      else await moduleapiAdd(body);
    },
    onSuccess: async () => {
      notify.success(t.apiSaved(t.apiActions[action]));
      await client.invalidateQueries({ queryKey: getModuleapiListQueryKey() });
    },
  });
  const canSave = hasPermissionKey(permissionKeyOf(designerApiModule, call?.id ? 'edit' : 'add'));

  return (
    <div className="designer-page designer-api">
      <section className="designer-api__designer" aria-label={t.apiTitle}>
        <div className="designer-api__toolbar">
          <label htmlFor="designer-api-module">{t.apiModule}</label>
          <Dropdown
            inputId="designer-api-module"
            value={moduleId}
            options={(modules.data ?? []).map((item) => ({
              label: `${item.title}（${item.name}）`,
              value: item.id,
            }))}
            placeholder={t.apiPickModule}
            filter
            onChange={(event) =>
              setModuleId(modules.data?.find((item) => item.id === event.value)?.id)
            }
          />
          <SelectButton
            value={action}
            options={ACTIONS.map((item) => ({ label: t.apiActions[item], value: item }))}
            allowEmpty={false}
            onChange={(event) => {
              const picked = choiceOf(ACTIONS, event.value);
              if (picked) setAction(picked);
            }}
            aria-label={t.apiActions[action]}
          />
        </div>
        {moduleId !== undefined && (
          <div className="designer-api__body">
            <fieldset className="designer-api__fields">
              <legend>{t.apiFields}</legend>
              {designed.length === 0 && !fields.isLoading && (
                <p className="designer-empty">{t.apiNoFields}</p>
              )}
              {designed.length > 0 && (
                <span className="designer-editor__check">
                  <Checkbox
                    inputId="designer-api-all"
                    checked={chosen.length === designed.length}
                    onChange={(event) =>
                      setPicked((current) => ({
                        ...current,
                        [key]: event.checked ? designed.map((f) => f.cf_fieldname) : [],
                      }))
                    }
                  />
                  <label htmlFor="designer-api-all">{t.apiAll}</label>
                </span>
              )}
              {designed.map((field) => (
                <span key={field.cf_fieldname} className="designer-editor__check">
                  <Checkbox
                    inputId={`designer-api-${field.cf_fieldname}`}
                    checked={chosen.includes(field.cf_fieldname)}
                    onChange={(event) => toggle(field.cf_fieldname, event.checked === true)}
                  />
                  <label htmlFor={`designer-api-${field.cf_fieldname}`}>
                    {field.cf_name}（{field.cf_fieldname}）
                  </label>
                </span>
              ))}
              {canSave && designed.length > 0 && (
                <Button
                  label={t.apiSave}
                  icon="pi pi-save"
                  loading={save.isPending}
                  onClick={() => save.mutate()}
                />
              )}
            </fieldset>
            <section className="designer-api__shape" aria-label={t.apiShape}>
              <h3>{t.apiShape}</h3>
              <pre>{JSON.stringify(callShape(action, record), null, 2)}</pre>
            </section>
          </div>
        )}
      </section>
      <h3 className="designer-api__calls">{t.apiCalls}</h3>
      <CrudPage module={designerApiModule} />
    </div>
  );
}
