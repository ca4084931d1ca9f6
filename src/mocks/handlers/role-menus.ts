/**
 * 角色管理 → 新增: a role added by an administrator starts with no menu. A role whose menus were
 * never saved sees every menu (../auth menuRowsOf) — that is how the seeded roles work — so the
 * new role is given an empty 菜单配置 the moment it is stored, and its 菜单配置 dialog opens with
 * nothing selected instead of every menu.
 */
import { http } from '../http-wrapper';
import { ROLE_MENU_TABLE } from '../auth';
import { runAction } from '../engine';
import { persist, table } from '../store';
import { isRecord } from '@/core/guards';
import { sameId } from '../util';

const ROLE_GROUP = 'adminrole';

/** The id of the role an add answer says it stored, or undefined when the add was refused. */
async function storedRoleId(answer: Response): Promise<unknown> {
  const body: unknown = await answer.clone().json();
  if (!isRecord(body) || body.status !== 200 || !isRecord(body.data)) return undefined;
  return body.data.id;
}

export const roleMenuHandlers = [
  http.post(`/api/${ROLE_GROUP}/add`, async ({ request }) => {
    const answer = await runAction(ROLE_GROUP, 'add', request);
    if (!answer) return undefined;
    const roleid = await storedRoleId(answer);
    if (roleid === undefined) return answer;
    const links = table(ROLE_MENU_TABLE);
    // A link left by a deleted role of the same id must not hand its menus to the new one.
    links.rows = links.rows.filter((row) => !sameId(row.roleid, roleid));
    links.rows.push({ roleid, menuarr: [] });
    persist();
    return answer;
  }),
];
