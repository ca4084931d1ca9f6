/**
 * Cache keys of the look-ups that read the departments. The form controls cache the
 * dictionaries for the session (spec: served from the client cache when present), so a
 * department screen's save must invalidate them. Prefixes: every isAll variant matches.
 */
import { optionKeys } from '@/components/form';

export const DEPARTMENT_LOOKUP_KEYS: readonly (readonly unknown[])[] = [
  [...optionKeys.dictionary('Dep', false).slice(0, 2), { parentCode: 'Dep' }],
  [...optionKeys.dictionary('DepAuth', false).slice(0, 2), { parentCode: 'DepAuth' }],
  ['/api/admindepartment/getjobdepid'],
  ['/api/admindepartment/gettreedep'],
  ['/api/admindepartment/getdeptreebyuserid'],
];
