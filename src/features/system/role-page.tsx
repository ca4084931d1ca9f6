/**
 * 角色管理: the generated roles screen plus the spec's two role buttons (section 6 sample
 * buttons): 菜单配置 — the checkable menu tree (gettreemenu, getrolemenuid {roleid, issuper},
 * saverolemenu {roleid, menuarr}) — and 权限分配 — the role's permission keys (getroleauth,
 * saveroleauth) chosen from the 权限管理 catalogue. A user of the role gets exactly those menus,
 * buttons and keys on the next sign-in.
 */
import { useState } from 'react';
import { Tag } from 'primereact/tag';
import type { TreeNode } from 'primereact/treenode';
import {
  CrudPage,
  permissionKeyOf,
  type RecordId,
  type RowActionDefinition,
} from '@/components/crud';
import {
  adminmenuGetrolemenuid,
  adminmenuGettreemenu,
  adminmenuSaverolemenu,
} from '@generated/api/adminmenu/adminmenu';
import { adminroleGetroleauth, adminroleSaveroleauth } from '@generated/api/adminrole/adminrole';
import { authorityList } from '@generated/api/authority/authority';
import type { AdminRole } from '@generated/api/model/adminRole';
import type { Authority } from '@generated/api/model/authority';
import type { MenuTreeNode } from '@generated/api/model/menuTreeNode';
import { roleModule } from '@generated/modules/role';
import { system as t } from '@/locale/system';
import { CheckTreeDialog, type CheckTreeData } from './check-tree-dialog';
import { toTreeNodes } from './tree-selection';
import './system.css';

/** A role row with its id (the list's primary key). */
interface ChosenRole {
  role: AdminRole;
  roleid: RecordId;
}

/** The open dialog; the role stays after closing so the dialog can animate out. */
type RoleDialog = { kind: 'none' | 'menu' | 'auth'; chosen?: ChosenRole };

/** The largest page the list calls serve (the contract's pagesize maximum). */
const ALL_ROWS = 1000;
/** Keys of the grouping nodes of 权限分配 (a menu), never saved. */
const GROUP_PREFIX = 'menu:';

function isSuperRole(role: AdminRole): boolean {
  return role.issuper === 1;
}

function menuNodeTemplate(node: TreeNode) {
  const menu = node.data as MenuTreeNode | undefined;
  return (
    <span>
      {node.label}
      {menu?.type === 'button' && (
        <Tag className="check-tree__tag" severity="secondary" value={t.buttonTag} />
      )}
      {menu?.type === 'button' && menu.routerName && (
        <span className="check-tree__key">{menu.routerName}</span>
      )}
    </span>
  );
}

function authNodeTemplate(node: TreeNode) {
  const key = String(node.key);
  return (
    <span>
      {node.label}
      {!key.startsWith(GROUP_PREFIX) && <span className="check-tree__key">{key}</span>}
    </span>
  );
}

async function loadMenuTree({ role, roleid }: ChosenRole): Promise<CheckTreeData> {
  const [tree, ids] = await Promise.all([
    adminmenuGettreemenu(),
    adminmenuGetrolemenuid({ roleid, issuper: isSuperRole(role) ? 1 : 0 }),
  ]);
  return {
    nodes: toTreeNodes(
      tree.data ?? [],
      (menu) => menu.id,
      (menu) => menu.label,
    ),
    ids: ids.data ?? [],
  };
}

/** The menus' names by id (the catalogue groups its keys by their menu). */
function menuNames(nodes: readonly MenuTreeNode[], names = new Map<string, string>()) {
  for (const node of nodes) {
    names.set(String(node.id), node.label);
    menuNames(node.children ?? [], names);
  }
  return names;
}

/** The 权限管理 catalogue as a tree: one group per menu, one leaf per permission key. */
export function authorityTree(rows: readonly Authority[], names: Map<string, string>): TreeNode[] {
  const groups = new Map<string, TreeNode[]>();
  for (const row of rows) {
    const group = names.get(String(row.menu_id)) ?? t.authGroupOther;
    const leaves = groups.get(group) ?? [];
    if (!leaves.some((leaf) => leaf.key === row.auth_key))
      leaves.push({ key: row.auth_key, label: row.auth_name, data: row });
    groups.set(group, leaves);
  }
  return [...groups].map(([group, children]) => ({
    key: `${GROUP_PREFIX}${group}`,
    label: group,
    children,
  }));
}

async function loadAuthTree({ roleid }: ChosenRole): Promise<CheckTreeData> {
  const [catalogue, tree, keys] = await Promise.all([
    authorityList({ pageindex: 1, pagesize: ALL_ROWS, sortfield: 'sort', sortorder: 'asc' }),
    adminmenuGettreemenu(),
    adminroleGetroleauth({ roleid }),
  ]);
  return {
    nodes: authorityTree(catalogue.data?.data ?? [], menuNames(tree.data ?? [])),
    ids: keys.data ?? [],
  };
}

export default function RolePage() {
  const [dialog, setDialog] = useState<RoleDialog>({ kind: 'none' });
  const close = () => setDialog((current) => ({ ...current, kind: 'none' }));
  const guard = { action: 'edit', key: permissionKeyOf(roleModule, 'edit') };
  const rowActions: RowActionDefinition<AdminRole>[] = [
    {
      id: 'menuconfig',
      label: t.menuConfig,
      permission: guard,
      onClick: (role, list) =>
        setDialog({ kind: 'menu', chosen: { role, roleid: list.idOf(role) } }),
    },
    {
      id: 'authassign',
      label: t.authAssign,
      permission: guard,
      onClick: (role, list) =>
        setDialog({ kind: 'auth', chosen: { role, roleid: list.idOf(role) } }),
    },
  ];
  const { chosen } = dialog;
  const roleName = chosen?.role.role_name ?? '';
  const superRole = chosen ? isSuperRole(chosen.role) : false;
  return (
    <>
      <CrudPage module={roleModule} rowActions={rowActions} />
      {chosen && (
        <>
          <CheckTreeDialog
            header={t.menuConfigTitle(roleName)}
            visible={dialog.kind === 'menu'}
            onHide={close}
            queryKey={['/api/adminmenu/getrolemenuid', { roleid: chosen.roleid }]}
            load={() => loadMenuTree(chosen)}
            save={(menuarr) => adminmenuSaverolemenu({ roleid: chosen.roleid, menuarr })}
            withHalfChecked
            readOnly={superRole}
            hint={superRole ? t.superRoleHint : t.menuConfigHint}
            nodeTemplate={menuNodeTemplate}
          />
          <CheckTreeDialog
            header={t.authAssignTitle(roleName)}
            visible={dialog.kind === 'auth'}
            onHide={close}
            queryKey={['/api/adminrole/getroleauth', { roleid: chosen.roleid }]}
            load={() => loadAuthTree(chosen)}
            save={(keys) =>
              adminroleSaveroleauth({ roleid: chosen.roleid, prilist: keys.map(String) })
            }
            withHalfChecked={false}
            readOnly={superRole}
            hint={superRole ? t.superRoleHint : t.authAssignHint}
            isGroupKey={(key) => key.startsWith(GROUP_PREFIX)}
            nodeTemplate={authNodeTemplate}
          />
        </>
      )}
    </>
  );
}
