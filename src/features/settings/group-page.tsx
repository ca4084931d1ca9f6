/**
 * 配置管理: configuration groups on top; choosing one (配置项) edits its items below (groupitem,
 * status switch included) and shows the values the group answers now (getgroupdata {code}).
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CrudPage, type RowActionDefinition } from '@/components/crud';
import { groupGetgroupdata } from '@generated/api/group/group';
import { groupModule } from '@generated/modules/group';
import { groupItemModule } from '@generated/modules/group-item';
import { settings as ts } from '@/locale/settings';
import { scopedModule } from './scoped-module';
import { groupDataKeys } from './settings-api';
import './settings.css';
import type { ConfigGroup } from '@generated/api/model/configGroup';

const t = ts.group;

interface Group {
  id: number;
  code: string;
  title: string;
}

function GroupValues({ code }: { code: string }) {
  const values = useQuery({
    queryKey: groupDataKeys.config(code),
    queryFn: ({ signal }) => groupGetgroupdata({ code }, undefined, signal),
  });
  return (
    <div className="group-values">
      <h3>{t.values}</h3>
      <pre>{JSON.stringify(values.data?.data ?? {}, null, 2)}</pre>
    </div>
  );
}

export default function GroupPage() {
  const [group, setGroup] = useState<Group>();
  const items = useMemo(
    () => group && scopedModule(groupItemModule, 'group_id', group.id, t.items(group.title)),
    [group],
  );
  const chooseItems: RowActionDefinition<ConfigGroup> = {
    id: 'items',
    label: t.itemsAction,
    onClick: ({ id, code, title }) => setGroup({ id, code, title }),
  };
  return (
    <div className="settings-stack">
      <CrudPage module={groupModule} rowActions={[chooseItems]} />
      <section className="settings-panel" aria-label={group ? t.items(group.title) : t.pickGroup}>
        {group && items ? (
          <>
            <h2>{t.items(group.title)}</h2>
            <CrudPage key={group.id} module={items} inAddress={false} />
            <GroupValues code={group.code} />
          </>
        ) : (
          <p className="settings-empty">{t.pickGroup}</p>
        )}
      </section>
    </div>
  );
}
