/**
 * Mock handlers the shell needs: the user's menu tree, system settings, clear cache, message
 * read / unread count / socket status, the mock-only push trigger, and the message socket.
 * (The message list itself is the generic engine's GET /api/message/list.)
 * List these BEFORE the engine's generic /api/:group/:action handlers.
 */
import { type RequestHandler, type WebSocketHandler } from 'msw';
import { http } from '../http-wrapper';
import type { SystemSetting } from '@generated/api/model/systemSetting';
import type { UserMenu } from '@generated/api/model/userMenu';
import { menuRowsOf, permissionKeysOf, sessionUser } from '../auth';
import { groupData } from '../config-groups';
import { ok } from '../respond';
import { persist, table } from '../store';
import type { MockRow } from '../types';
import { buildTree, readBody, withChildren } from '../util';
import { pushMessage, socketHandlers } from '../socket';
import { markRead, unreadCountOf } from './message-reads';
import { waitNumOf } from './pending-counts';
import { textOf } from '@/core/guards';

const SETTING_TABLE = 'setting';

export const DEFAULT_SYSTEM_SETTINGS = {
  SYS_TITLE: '综合业务信息管理平台',
  SYS_LOGO: '/storage/logo.png',
} as const;

/** Enabled menu entries (type menu) as a tree ordered by amenu_sort. */
export function buildUserMenu(rows: readonly MockRow[]): UserMenu[] {
  const visibleMenus = rows.filter(
    (row) => (row.amenu_type ?? 'menu') === 'menu' && Number(row.amenu_status ?? 1) !== 2,
  );
  return buildTree<UserMenu>(
    visibleMenus,
    { id: (row) => row.amenu_id, parent: (row) => row.amenu_pid ?? 0 },
    0,
    (a, b) =>
      Number(a.amenu_sort ?? 0) - Number(b.amenu_sort ?? 0) ||
      Number(a.amenu_id) - Number(b.amenu_id),
    (row, children) =>
      withChildren(
        {
          amenu_id: Number(row.amenu_id),
          amenu_name: textOf(row.amenu_name),
          amenu_address: textOf(row.amenu_address),
          amenu_icon: textOf(row.amenu_icon),
          wait_num: waitNumOf(row),
        },
        children,
      ),
  );
}

export function systemSettings(): SystemSetting {
  const settings: SystemSetting = { ...DEFAULT_SYSTEM_SETTINGS };
  for (const row of table(SETTING_TABLE).rows) {
    const key = row.set_key;
    const value = row.set_value;
    if (typeof key === 'string' && (typeof value === 'string' || typeof value === 'number'))
      settings[key] = value;
  }
  // The configuration groups edited on 系统设置 (group/updatesetting) hold the logo and title.
  for (const code of ['SYS_LOGO', 'SYS_TITLE'] as const) {
    const value = groupData(code)[code];
    if (typeof value === 'string' && value) settings[code] = value;
  }
  return settings;
}

/** The caller's username; the call guard lets no one without a session reach these calls. */
function callerOf(request: Request): string {
  return textOf(sessionUser(request)?.username);
}

export const shellHttpHandlers = [
  // The signed-in user's menus: their role's 菜单配置 (every menu for the super admin).
  http.post('/api/adminmenu/getusermenu', ({ request }) =>
    ok(buildUserMenu(menuRowsOf(sessionUser(request)))),
  ),
  http.post('/api/getsystemsetting', () => ok(systemSettings())),
  // The caller's keys as login answers them, asked again when rights may have changed.
  http.post('/api/getuserauth', ({ request }) => {
    const user = sessionUser(request);
    return ok({ prilist: user ? permissionKeysOf(user).join(',') : '' });
  }),
  http.get('/api/clearcache', () => ok(null)),
  http.post('/api/message/getmesnoreadnum', ({ request }) => ok(unreadCountOf(callerOf(request)))),
  http.post('/api/message/getsocketstatus', ({ request }) => {
    const url = new URL(request.url);
    // Behind the dev server's proxy the page's host is X-Forwarded-Host (Host is ours): the
    // socket must be opened on the page's own origin, the only one it lets in.
    const host = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || url.host;
    // Behind a TLS front (deploy/nginx-tls.conf) the page is https: it may open wss:// only.
    const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
    const secure = proto === 'https' || url.protocol === 'https:';
    return ok({ open: true, url: `${secure ? 'wss' : 'ws'}://${host}/ws` });
  }),
  // The caller's own reading only (./message-reads): 全部已读 marks no one else's messages.
  http.post('/api/message/read', async ({ request }) => {
    const body = await readBody(request);
    markRead(callerOf(request), body.id);
    persist();
    return ok(null);
  }),
];

/**
 * Mock-only: push a new message over the socket now (demo and e2e). The super administrator's
 * call (../mock-routes), served by `cli mock-server` only with `--allow-push`.
 */
export const pushMessageHandler = http.post('/api/mock/pushmessage', async ({ request }) => {
  const body = await readBody(request);
  const row = pushMessage({
    tm_title: typeof body.tm_title === 'string' ? body.tm_title : undefined,
    tm_content: typeof body.tm_content === 'string' ? body.tm_content : undefined,
  });
  return ok(row);
});

export const shellHandlers: (RequestHandler | WebSocketHandler)[] = [
  ...shellHttpHandlers,
  ...socketHandlers,
];
