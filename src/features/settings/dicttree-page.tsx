/**
 * 树形字典: the tree dictionaries as a tree table — each top code (pid 0) with its nodes — with
 * add child, edit, delete (refused while a node has children), status and in-place sort, and
 * 刷新缓存 (createcash; the client's tree-dictionary look-ups are dropped with it).
 */
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { CrudTreePage } from '@/components/crud';
import { optionKeys } from '@/components/form';
import { datadicttreeCreatecash } from '@generated/api/datadicttree/datadicttree';
import { dicttreeModule } from '@generated/modules/dicttree';
import { notify } from '@/lib/notify';
import { useCanCall } from '@/lib/permissions/guards';
import { settings as ts } from '@/locale/settings';
import * as datadicttreeCalls from '@generated/calls/datadicttree';

const t = ts.dicttree;

export default function DicttreePage() {
  const client = useQueryClient();
  const canRefreshCache = useCanCall(datadicttreeCalls.datadicttreeCreatecash);
  const refreshCache = async () => {
    await datadicttreeCreatecash({ isCash: 1 });
    await client.invalidateQueries({ queryKey: optionKeys.all });
    notify.success(t.cacheRefreshed);
  };
  return (
    <CrudTreePage
      module={dicttreeModule}
      parentField="pid"
      expanderField="title"
      defaultSort={{ field: 'sort', order: 'asc' }}
      hasChildrenMessage={t.hasChildren}
      toolbarExtra={
        canRefreshCache && (
          <Button
            type="button"
            icon="pi pi-refresh"
            label={t.refreshCache}
            severity="secondary"
            outlined
            onClick={() => void refreshCache()}
          />
        )
      }
    />
  );
}
