/**
 * 导出契约, loaded only when the button is pressed: the designed module's fields (the list
 * call) → the contract fragment (./module-fragment) → a download named `<group>.yaml`, ready
 * for `npm run cli -- import-module`.
 */
import { saveBlob } from '@/components/crud';
import { moduleFragmentText, type DesignedModuleRow } from './module-fragment';
import { fieldList } from '@generated/api/field/field';
import { fieldOfRow, sortedRows, storedRows } from './designer-fields';

export interface ExportedFragment {
  fileName: string;
  text: string;
}

export async function exportContract(
  module: DesignedModuleRow & { id: number },
): Promise<ExportedFragment> {
  const answer = await fieldList({ module_id: module.id, pageindex: 1, pagesize: 1000 });
  const rows = sortedRows(storedRows(answer.data?.data ?? []));
  const fragment = moduleFragmentText(module, rows.map(fieldOfRow));
  saveBlob(
    new Blob([fragment.text], { type: 'application/yaml;charset=utf-8' }),
    fragment.fileName,
  );
  return fragment;
}
