/**
 * 菜单管理: the menus as a tree table (amenu_pid → amenu_id; the management shape of spec
 * section 3: id, pid, label, type menu/button, routerLink, routerName, sort, children) through
 * the shared tree block: add a child under a node, edit, status, in-place sort, and delete
 * refused while the menu has children. A save refreshes the parent-menu options and the
 * signed-in user's own menu.
 */
import { useQueryClient } from '@tanstack/react-query';
import { CrudTreePage } from '@/components/crud';
import { optionKeys } from '@/components/form';
import { userMenuQuery } from '@/layout/shell-api';
import { menuModule } from '@generated/modules/menu';
import { system as t } from '@/locale/system';

export default function MenuPage() {
  const client = useQueryClient();
  return (
    <CrudTreePage
      module={menuModule}
      parentField="amenu_pid"
      expanderField="amenu_name"
      defaultSort={{ field: 'amenu_sort', order: 'asc' }}
      hasChildrenMessage={t.hasChildren(t.menuNoun)}
      onChanged={() => {
        void client.invalidateQueries({ queryKey: optionKeys.api(menuModule.group) });
        void client.invalidateQueries({ queryKey: userMenuQuery.queryKey });
      }}
    />
  );
}
