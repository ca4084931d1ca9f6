/**
 * 城市管理: province → city → district through the shared tree block as the lazy tree the
 * contract declares (x-admin.tree of `district`) — the provinces first (list {pid: 0}), a
 * node's children when it is opened (list {pid}), districts (level 3) as leaves; a search over
 * name and code (list {keyword}) shown flat. Per node: add a child, view, edit and the status
 * switch; regions are not deleted from this screen. Every change refreshes the loaded levels.
 */
import { CrudTreePage, type RowAllows } from '@/components/crud';
import type { District } from '@generated/api/model/district';
import { districtModule } from '@generated/modules/district';
import { settings as ts } from '@/locale/settings';

const t = ts.district;

const noDelete: RowAllows<District> = (action) => action !== 'delete';

export default function DistrictPage() {
  return (
    <CrudTreePage
      module={districtModule}
      expanderField="name"
      defaultSort={{ field: 'sort', order: 'asc' }}
      columns={{ id: { hidden: true }, pid: { hidden: true }, create_time: { hidden: true } }}
      rowAllows={noDelete}
      tableLabel={t.tree}
      searchPlaceholder={t.search}
    />
  );
}
