/**
 * Which run-time module a /deal/common screen shows (`?module=<name>`, default `common`) and
 * its ModuleDefinition, built from the field definitions fetched at run time: a module
 * designed in 后台设计 is usable at once, without a build.
 */
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { fieldGetfieldarrbymodule } from '@generated/api/field/field';
import { designermoduleList } from '@generated/api/designermodule/designermodule';
import type { ModuleDefinition } from '@/components/crud';
import { designFlagsOf, type DesignFlags } from '@/core/design-flags';
import type { FieldDefinition } from '@/core/field-definition';
import {
  DEFAULT_MODULE,
  DEFAULT_MODULE_DESIGN,
  isModuleName,
  runtimeModuleDefinition,
} from './runtime-module';

/** The `module` query parameter of an address's search part (empty when absent). */
export function moduleParam(search: string): string {
  return new URLSearchParams(search).get('module')?.trim() ?? '';
}

/** `path?module=name` (the default module needs no parameter). */
export function moduleHref(path: string, name: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (name !== DEFAULT_MODULE) params.set('module', name);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The module a screen at `ownPath` shows. A kept-alive list stays mounted (hidden) while other
 * routes are open, so it reads the address only while it is its own; opened again without a
 * parameter (its tab, the menu) it keeps the module it showed and puts it back in the address.
 */
export function useModuleName(ownPath: string): string {
  const location = useLocation();
  const navigate = useNavigate();
  const own = location.pathname === ownPath;
  const asked = own ? moduleParam(location.search) : '';
  const [name, setName] = useState(asked || DEFAULT_MODULE);
  if (asked && asked !== name) setName(asked);
  useEffect(() => {
    if (own && !asked && name !== DEFAULT_MODULE)
      void navigate(moduleHref(ownPath, name), { replace: true });
  }, [own, asked, name, navigate, ownPath]);
  return asked || name;
}

/** The module's field definitions (moduleType form), fresh each time a screen opens. */
function useModuleFields(name: string) {
  return useQuery({
    queryKey: ['/api/field/getfieldarrbymodule', { moduleName: name, moduleType: 'form' }],
    queryFn: async () =>
      ((await fieldGetfieldarrbymodule({ moduleName: name, moduleType: 'form' })).data ??
        []) as FieldDefinition[],
    enabled: isModuleName(name),
    staleTime: 0,
  });
}

/**
 * The module's row in 后台设计: its Chinese title (module_title; '' when it has none) and its
 * switches (undefined when it is not designed there). Fresh each time a screen opens, and
 * refetched when 后台设计 saves (its list key is this one's prefix), so a switch turned on or
 * off shows at once.
 */
function useModuleDesign(name: string) {
  const design = name === DEFAULT_MODULE ? DEFAULT_MODULE_DESIGN : name;
  const answer = useQuery({
    queryKey: ['/api/module/list', { keyword: design, pagesize: 100 }],
    queryFn: async () => (await designermoduleList({ keyword: design, pagesize: 100 })).data,
    enabled: isModuleName(name),
    staleTime: 0,
  });
  const row = answer.data?.data.find(
    (item) => String(item.module_name).toLowerCase() === design.toLowerCase(),
  );
  const flags = useMemo(() => (row ? designFlagsOf(row) : undefined), [row]);
  return { title: row?.module_title ?? '', flags, isLoading: answer.isLoading };
}

export interface RuntimeModuleState {
  name: string;
  title: string;
  module: ModuleDefinition | undefined;
  /** The designer's switches (undefined: not designed in 后台设计, every call offered). */
  flags: DesignFlags | undefined;
  isLoading: boolean;
  isError: boolean;
}

/** The run-time module `name` as seen from the screen `route` (whose operate list guards it). */
export function useRuntimeModule(name: string, route: string): RuntimeModuleState {
  const fields = useModuleFields(name);
  const { title, flags, isLoading: titleLoading } = useModuleDesign(name);
  const module = useMemo(
    () =>
      fields.data?.length
        ? runtimeModuleDefinition({ name, title: title || name, route, fields: fields.data, flags })
        : undefined,
    [fields.data, name, title, route, flags],
  );
  return {
    name,
    title,
    module,
    flags,
    isLoading: fields.isLoading || titleLoading,
    isError: fields.isError || !isModuleName(name),
  };
}
