/**
 * The generic deal module's screens: the list (or mylist) of a run-time module and its
 * full-page add / edit form, everything built from the field definitions fetched at run time.
 */
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { CrudFormPage, CrudPage, type ModuleDefinition } from '@/components/crud';
import { crud as crudText } from '@/locale/crud';
import { deal as t } from '@/locale/deal';
import { DEAL_PATHS } from './paths';
import { DEFAULT_MODULE } from './runtime-module';
import {
  moduleHref,
  moduleParam,
  useModuleName,
  useRuntimeModule,
  type RuntimeModuleState,
} from './use-runtime-module';
import './deal.css';

/** The module's name above the screen, then the screen once its fields have loaded. */
function ModuleFrame({
  state,
  children,
}: {
  state: RuntimeModuleState;
  children: (module: NonNullable<RuntimeModuleState['module']>) => ReactNode;
}) {
  let body: ReactNode;
  if (state.isLoading)
    body = <ProgressSpinner aria-label={crudText.loading} style={{ width: 40, height: 40 }} />;
  else if (state.module) body = children(state.module);
  else
    body = (
      <p className="p-error" role="alert">
        {state.isError && state.title ? t.fieldsFailed : t.noFields(state.name)}
      </p>
    );
  return (
    <div className="deal-screen">
      <p className="deal-screen__module">
        <span className="deal-screen__label">{t.moduleLabel}</span>
        <strong data-testid="deal-module">{t.moduleHeading(state.title, state.name)}</strong>
      </p>
      {body}
    </div>
  );
}

/** Does the module offer 我的列表 (its design may switch it off)? */
function hasMylist(module: ModuleDefinition): boolean {
  return module.capabilities.includes('mylist');
}

/** 我的列表 typed in (or kept in a tab) for a module whose design switched it off. */
function MylistOff({ module, onBack }: { module: ModuleDefinition; onBack: () => void }) {
  return (
    <div className="deal-screen__off">
      <p className="deal-screen__off-title" role="alert">
        {t.mylistOff(module.title)}
      </p>
      <p>{t.mylistOffHint}</p>
      <Button type="button" icon="pi pi-list" label={t.backToList} onClick={onBack} />
    </div>
  );
}

/** /deal/common/list and /deal/common/mylist. */
export function DealListScreen({ source }: { source: 'list' | 'mylist' }) {
  const path = DEAL_PATHS[source];
  const navigate = useNavigate();
  const name = useModuleName(path);
  const state = useRuntimeModule(name, path);
  const go = (to: 'list' | 'mylist') => void navigate(moduleHref(DEAL_PATHS[to], name));
  return (
    <ModuleFrame state={state}>
      {(module) =>
        source === 'mylist' && !hasMylist(module) ? (
          <MylistOff module={module} onBack={() => go('list')} />
        ) : (
          <CrudPage
            key={module.group}
            module={module}
            source={source}
            openForm={(mode, id) => {
              const extra: Record<string, string> = {};
              if (id !== undefined) extra.id = String(id);
              if (source === 'mylist') extra.from = 'mylist';
              void navigate(moduleHref(DEAL_PATHS[mode], name, extra));
            }}
            toolbarExtra={
              source === 'mylist' ? (
                <Button
                  type="button"
                  icon="pi pi-list"
                  label={t.toList}
                  outlined
                  onClick={() => go('list')}
                />
              ) : (
                hasMylist(module) && (
                  <Button
                    type="button"
                    icon="pi pi-user"
                    label={t.toMylist}
                    outlined
                    onClick={() => go('mylist')}
                  />
                )
              )
            }
          />
        )
      }
    </ModuleFrame>
  );
}

/** A record id from the address: digits become a number, as the lists hold them. */
function recordId(raw: string | null): string | number | undefined {
  if (!raw) return undefined;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

/** /deal/common/add and /deal/common/edit?id=… (sub-screens: the list's tab stays active). */
export function DealFormScreen({ mode }: { mode: 'add' | 'edit' }) {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const name = moduleParam(location.search) || DEFAULT_MODULE;
  const id = recordId(params.get('id'));
  // The buttons follow the list's route permissions (a sub-screen acts for its list).
  const state = useRuntimeModule(name, DEAL_PATHS.list);
  const fromMylist = params.get('from') === 'mylist' && state.module && hasMylist(state.module);
  const toList = () =>
    void navigate(moduleHref(fromMylist ? DEAL_PATHS.mylist : DEAL_PATHS.list, name));
  return (
    <ModuleFrame state={state}>
      {(module) =>
        mode === 'edit' && id === undefined ? (
          <p className="p-error" role="alert">
            {t.noRecordId}
          </p>
        ) : (
          <CrudFormPage module={module} mode={mode} id={id} onDone={toList} onCancel={toList} />
        )
      }
    </ModuleFrame>
  );
}
