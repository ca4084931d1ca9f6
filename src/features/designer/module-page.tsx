/**
 * 后台设计 (/system/module/list): the generated modules table plus three row buttons —
 * 字段管理 (the module's fields and form preview), 打开 (the module in the generic deal screens,
 * /deal/common/list?module=<name lower-cased>) and 导出契约 (the module as a contract fragment
 * download; its code loads on the first press).
 */
import { useNavigate } from 'react-router-dom';
import { CrudPage, type RowActionDefinition } from '@/components/crud';
import { notify } from '@/lib/notify';
import { designer as t } from '@/locale/designer';
import { designerModuleModule } from '@generated/modules/designer-module';
import type { DesignedModuleRow } from './module-fragment';
import './designer.css';

function designedRow(row: Record<string, unknown>): DesignedModuleRow & { id: number } {
  return {
    id: Number(row.id),
    module_title: String(row.module_title ?? ''),
    module_name: String(row.module_name ?? ''),
    icon: typeof row.icon === 'string' ? row.icon : undefined,
    is_recycle: Number(row.is_recycle),
    is_import: Number(row.is_import),
    is_mylist: Number(row.is_mylist),
  };
}

export default function ModulePage() {
  const navigate = useNavigate();
  const rowActions: RowActionDefinition[] = [
    {
      id: 'fields',
      label: t.fieldsAction,
      onClick: (row) => void navigate(`/system/module/field?module=${String(row.id)}`),
    },
    {
      id: 'open',
      label: t.openAction,
      onClick: (row) =>
        void navigate(
          `/deal/common/list?module=${encodeURIComponent(String(row.module_name ?? '').toLowerCase())}`,
        ),
    },
    {
      id: 'export',
      label: t.exportAction,
      onClick: (row) => {
        void import('./export-contract')
          .then(({ exportContract }) => exportContract(designedRow(row)))
          .then((fragment) => notify.success(t.exported(fragment.fileName)))
          .catch(() => notify.error(t.exportFailed));
      },
    },
  ];
  return <CrudPage module={designerModuleModule} rowActions={rowActions} />;
}
