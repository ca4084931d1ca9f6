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
import type { DesignerModule } from '@generated/api/model/designerModule';
import './designer.css';

export default function ModulePage() {
  const navigate = useNavigate();
  const rowActions: RowActionDefinition<DesignerModule>[] = [
    {
      id: 'fields',
      label: t.fieldsAction,
      onClick: (row, list) => void navigate(`/system/module/field?module=${list.idOf(row)}`),
    },
    {
      id: 'open',
      label: t.openAction,
      onClick: (row) =>
        void navigate(
          `/deal/common/list?module=${encodeURIComponent(row.module_name.toLowerCase())}`,
        ),
    },
    {
      id: 'export',
      label: t.exportAction,
      onClick: ({ id, ...row }) => {
        // A listed module has its id (the contract leaves it out only of the add body).
        if (id === undefined) return;
        void import('./export-contract')
          .then(({ exportContract }) => exportContract({ ...row, id }))
          .then((fragment) => notify.success(t.exported(fragment.fileName)))
          .catch(() => notify.error(t.exportFailed));
      },
    },
  ];
  return <CrudPage module={designerModuleModule} rowActions={rowActions} />;
}
