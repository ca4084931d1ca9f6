/**
 * A module served at run time (designed in 后台设计, or the built-in `common` whose design is
 * Deal) follows its designer row's switches at every call: a switched-off capability is
 * refused with 201 and the switch named, and without 开启回收站 a delete is permanent (the
 * engine puts rows in the bin only when the module has `recycle`). Modules with a contract
 * follow their contract and are left as they are.
 */
import { designFlagsOf, flagOfCapability, withDesignFlags } from '@/core/design-flags';
import { deal as t } from '@/locale/deal';
import { table } from './store';
import type { MockModuleRegistration } from './types';

/** The designer row a run-time module names in `fieldsModule`, when it is (still) designed. */
function designRow(registration: MockModuleRegistration) {
  const name = registration.fieldsModule?.toLowerCase();
  if (!name) return undefined;
  return table('module').rows.find(
    (row) => typeof row.module_name === 'string' && row.module_name.toLowerCase() === name,
  );
}

/**
 * The registration as its design's switches leave it, and the refusal of `action` when a
 * switch turns it off (undefined: the call goes ahead).
 */
export function underDesignFlags(
  registration: MockModuleRegistration,
  action: string,
): { registration: MockModuleRegistration; refusal?: string } {
  const row = designRow(registration);
  if (!row) return { registration };
  const flags = designFlagsOf(row);
  const flag = flagOfCapability(action);
  if (flag && !flags[flag]) return { registration, refusal: t.featureOff[flag] };
  return {
    registration: {
      ...registration,
      capabilities: withDesignFlags(registration.capabilities, flags),
    },
  };
}
