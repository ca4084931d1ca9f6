// @vitest-environment node
/**
 * The mock backend's system administration: a role's 菜单配置 and 权限分配 decide what its users
 * get at the next sign-in; trees refuse to delete a node with children; lists sort by a column.
 */
import { describe, expect, it } from 'vitest';
import { call, signIn, withMockServer } from '../mocks/harness';

withMockServer();

interface UserMenu {
  amenu_id: number;
  amenu_name: string;
  children?: UserMenu[];
}

function names(menus: readonly UserMenu[]): string[] {
  return menus.flatMap((menu) => [menu.amenu_name, ...names(menu.children ?? [])]);
}

async function loginKeys(username: string): Promise<string[]> {
  const login = await call<{ prilist: string }>('POST', '/api/login', {
    body: { username, password: 'Admin@123456', captcha: '8888', captcha_key: 'k' },
  });
  return login.data.prilist.split(',');
}

describe('role → menus and keys', () => {
  it('a configured role sees exactly its menus (with their groups) and its buttons', async () => {
    const admin = await signIn();
    // 部门管理员 (role 3; lina): 组织权限 (3) → 管理员管理 (301) with its 重置密码 button (3014).
    const before = await call<number[]>('POST', '/api/adminmenu/getrolemenuid', {
      token: admin,
      body: { roleid: 3, issuper: 0 },
    });
    expect(before.data.length).toBeGreaterThan(10); // never configured: every menu
    const saved = await call('POST', '/api/adminmenu/saverolemenu', {
      token: admin,
      body: { roleid: 3, menuarr: [301, 3014] },
    });
    expect(saved.status).toBe(200);
    const after = await call<number[]>('POST', '/api/adminmenu/getrolemenuid', {
      token: admin,
      body: { roleid: 3, issuper: 0 },
    });
    expect(after.data).toEqual([301, 3014]);

    const lina = await signIn('lina');
    const menus = await call<UserMenu[]>('POST', '/api/adminmenu/getusermenu', { token: lina });
    expect(names(menus.data)).toEqual(['组织权限', '管理员管理']);
    const keys = await loginKeys('lina');
    expect(keys).toContain('ADMINUSER_RESETPASSWORD');
    expect(keys).not.toContain('ADMINUSER_ADD');
    // The server honours the key the role was given …
    const reset = await call('POST', '/api/adminuser/resetpassword', {
      token: await signIn('lina'),
      body: { id: 8 },
    });
    expect(reset.status).toBe(200);
    // … and the administrator still sees everything.
    const all = await call<UserMenu[]>('POST', '/api/adminmenu/getusermenu', { token: admin });
    expect(names(all.data)).toEqual(expect.arrayContaining(['系统管理', '组织权限', '会员']));
  });

  it('权限分配 keys reach the prilist of the role’s users', async () => {
    const admin = await signIn();
    expect((await loginKeys('lina')).includes('ADMINNOTICE_ADD')).toBe(false);
    const saved = await call('POST', '/api/adminrole/saveroleauth', {
      token: admin,
      body: { roleid: 3, prilist: ['ADMINNOTICE_ADD'] },
    });
    expect(saved.status).toBe(200);
    const keys = await call<string[]>('POST', '/api/adminrole/getroleauth', {
      token: admin,
      body: { roleid: 3 },
    });
    expect(keys.data).toEqual(['ADMINNOTICE_ADD']);
    expect(await loginKeys('lina')).toContain('ADMINNOTICE_ADD');
    expect(await loginKeys('zhangwei')).not.toContain('ADMINNOTICE_ADD');
  });

  it('a role just added starts with no menu (菜单配置 shows nothing selected) until configured', async () => {
    const admin = await signIn();
    const added = await call<{ id: number }>('POST', '/api/adminrole/add', {
      token: admin,
      body: { role_name: '新角色', role_code: 'NEW_ROLE', issuper: 2 },
    });
    expect(added.status).toBe(200);
    const roleid = added.data.id;
    const ids = await call<number[]>('POST', '/api/adminmenu/getrolemenuid', {
      token: admin,
      body: { roleid, issuper: 0 },
    });
    expect(ids.data).toEqual([]);
    // Its users see no menu either: what the dialog shows is what the role has.
    const user = await call('POST', '/api/adminuser/add', {
      token: admin,
      body: {
        username: 'newrole01',
        nickname: '新角色用户',
        password: 'Admin@123456',
        department_id: 1,
        role_id: roleid,
      },
    });
    expect(user.status).toBe(200);
    const menus = await call<UserMenu[]>('POST', '/api/adminmenu/getusermenu', {
      token: await signIn('newrole01'),
    });
    expect(names(menus.data)).toEqual([]);
    // A refused add leaves no menu link behind for anyone.
    const refused = await call('POST', '/api/adminrole/add', { token: admin, body: {} });
    expect(refused.status).toBe(201);
  });

  it('saving for a role that does not exist is refused', async () => {
    const admin = await signIn();
    const answer = await call('POST', '/api/adminmenu/saverolemenu', {
      token: admin,
      body: { roleid: 999, menuarr: [1] },
    });
    expect(answer).toMatchObject({ status: 201, msg: '记录不存在' });
  });
});

describe('trees refuse to delete a node with children', () => {
  it('a menu with children stays, with the message; a leaf goes', async () => {
    const admin = await signIn();
    const refused = await call('POST', '/api/adminmenu/delete', {
      token: admin,
      body: { id: { id: 301 } },
    });
    expect(refused).toMatchObject({ status: 201, msg: '该菜单下还有下级，请先删除下级后再删除' });
    const leaf = await call('POST', '/api/adminmenu/delete', {
      token: admin,
      body: { id: { id: 3014 } },
    });
    expect(leaf.status).toBe(200);
  });

  it('a department with children stays', async () => {
    const admin = await signIn();
    const refused = await call('POST', '/api/admindepartment/delete', {
      token: admin,
      body: { id: { id: 1 } },
    });
    expect(refused).toMatchObject({ status: 201, msg: '该部门下还有下级，请先删除下级后再删除' });
  });
});

describe('list order (sortfield / sortorder)', () => {
  it('sorts by a column both ways; a bad field is refused by the contract', async () => {
    const admin = await signIn();
    const list = async (query: Record<string, string | number>) =>
      call<{ data: { id: number; sort: number }[] }>('GET', '/api/adminrole/list', {
        token: admin,
        query: { pageindex: 1, pagesize: 50, ...query },
      });
    const asc = await list({ sortfield: 'sort', sortorder: 'asc' });
    const desc = await list({ sortfield: 'sort', sortorder: 'desc' });
    const ascSorts = asc.data.data.map((row) => row.sort);
    expect(ascSorts).toEqual([...ascSorts].sort((a, b) => a - b));
    expect(desc.data.data.map((row) => row.sort)).toEqual([...ascSorts].reverse());
    const bad = await list({ sortfield: 'x;drop', sortorder: 'asc' });
    expect(bad.status).toBe(201);
  });
});
