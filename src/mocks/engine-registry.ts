/**
 * The modules the generic engine (./engine) serves: those the generator registers
 * (generated/mocks), seeded at registration, and those designed at run time in the module
 * designer (table `module`), served with default semantics and their designed fields' rules.
 * Also every prilist key those modules and the contract name.
 */
import { CAPABILITIES } from '@/core/module';
import { permissionKeyFor } from '@/core/permission';
import { textOf } from '@/core/guards';
import { OPERATION_PERMISSIONS } from '@generated/permissions';
import { SOURCE_PERMISSION_KEYS } from '@generated/sources';
import { withDemoPassword } from './engine-rows';
import { registerSeed, table } from './store';
import type { MockModuleRegistration, MockRow } from './types';
import { isSafeKey, sameId } from './util';

const registry = new Map<string, MockModuleRegistration>();
/** Every module's prilist keys, computed once per set of registrations. */
let keyCache: string[] | undefined;

/** Every capability the engine serves (resetting a password is the administrators' own call). */
export const GENERIC_CAPABILITIES = CAPABILITIES.filter(
  (capability) => capability !== 'resetpassword',
);

/** Registers modules with the engine and seeds their tables (later registrations win). */
export function registerMockModules(registrations: readonly MockModuleRegistration[]): void {
  keyCache = undefined;
  for (const registration of registrations) {
    registry.set(registration.group, registration);
    registerSeed(
      () => ({
        [registration.group]: registration.seed.map((row) =>
          withDemoPassword(registration, { ...row }),
        ),
      }),
      { [registration.group]: registration.primaryKey },
    );
  }
}

export function mockModule(group: string): MockModuleRegistration | undefined {
  const key = group.toLowerCase();
  return registry.get(key);
}

/**
 * prilist keys: the shared key of every capability of every module (src/core/permission) and
 * every key the contract names for a call, so the mock grants exactly the keys the app's key
 * guard asks for.
 */
export function permissionKeys(): string[] {
  if (!keyCache) {
    // Every key the contract names for a call, beside the modules' capability keys.
    const keys = new Set<string>([
      ...Object.values(OPERATION_PERMISSIONS).filter((key: string) => !key.startsWith('{')),
      // The imported sources' screens are guarded by keys of the same prilist.
      ...SOURCE_PERMISSION_KEYS,
    ]);
    for (const registration of registry.values()) {
      for (const capability of registration.capabilities)
        keys.add(permissionKeyFor(registration.group, capability));
    }
    keyCache = [...keys].sort();
  }
  const designed = designedModules()
    .map((row) => row.group)
    .filter((group) => !registry.has(group));
  if (!designed.length) return keyCache;
  // Modules designed at run time get the generic keys too (not cached: one may appear any time).
  const keys = new Set(keyCache);
  for (const group of designed)
    for (const capability of GENERIC_CAPABILITIES) keys.add(permissionKeyFor(group, capability));
  return [...keys].sort();
}

/** The module designer's modules (table `module`), each with its lower-cased group name. */
function designedModules(): { group: string; row: MockRow }[] {
  return table('module').rows.flatMap((row) =>
    typeof row.module_name === 'string' && isSafeKey(row.module_name.toLowerCase())
      ? [{ group: row.module_name.toLowerCase(), row }]
      : [],
  );
}

/** The registration for a group: registered, or a default one for runtime modules. */
export function registrationFor(group: string): MockModuleRegistration | undefined {
  const registered = mockModule(group);
  if (registered) return registered;
  // A module created in the module designer at runtime: served with default semantics, its
  // designed fields' rules (required, keyword search) read at each call.
  const designed = designedModules().find((item) => item.group === group.toLowerCase());
  if (!designed) return undefined;
  const fields = table('field').rows.filter((row) => sameId(row.module_id, designed.row.id));
  const named = (row: MockRow) =>
    typeof row.cf_fieldname === 'string' && Number(row.cf_ispri ?? 0) !== 1;
  return {
    ...runtimeRegistration(designed.group),
    // Its own design: its switches (回收站, 导入导出, 我的列表) govern its calls (design-flags).
    fieldsModule: designed.group,
    requiredFields: fields
      .filter((row) => named(row) && row.cf_validate === 'require')
      .map((row) => ({ field: String(row.cf_fieldname), label: textOf(row.cf_name) })),
    keywordFields: fields
      .filter((row) => named(row) && ['input', 'textarea'].includes(String(row.cf_control)))
      .map((row) => String(row.cf_fieldname)),
    // Export and the import template use the designed labels, in the designed order.
    exportColumns: [...fields]
      .filter((row) => typeof row.cf_fieldname === 'string')
      .sort((a, b) => Number(a.cf_sort ?? 0) - Number(b.cf_sort ?? 0))
      .map((row) => [String(row.cf_fieldname), String(row.cf_name ?? row.cf_fieldname)] as const),
  };
}

/** Default semantics for a module known only at runtime (every capability, id key). */
export function runtimeRegistration(
  group: string,
  seed: readonly MockRow[] = [],
): MockModuleRegistration {
  return {
    key: group,
    group,
    primaryKey: 'id',
    statusField: 'status',
    createTimeField: 'create_time',
    ownerField: 'username',
    capabilities: GENERIC_CAPABILITIES,
    keywordFields: [],
    filterFields: ['status'],
    requiredFields: [],
    exportColumns: [],
    seed,
  };
}
