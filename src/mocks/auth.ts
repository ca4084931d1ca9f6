/**
 * Mock authentication: captcha, login, tokens, the "who is calling" lookup every protected
 * handler uses, and the password rules of spec section 5.
 *
 * Demo account: admin / Admin@123456. Captcha: the code drawn in the image, and `8888` is
 * always accepted too so automated journeys can sign in. SSO and WeChat: no such server stands
 * behind the mock, so one documented ticket and one code sign in the ordinary 孙丽 (`sunli`,
 * reading rights only); anything else is refused. Sessions: ./sessions; the wait after wrong
 * passwords: ./login-throttle.
 */
import { http } from './http-wrapper';
import { PERMISSION_SUFFIX, READ_CAPABILITIES } from '@/core/permission';
import { mockMessages } from '@/locale/mock';
import { fail, ok } from './respond';
import { endSession, sessionUsername, startSession } from './sessions';
import {
  clientAddressOf,
  loginWaitSeconds,
  noteLoginFailure,
  noteLoginSuccess,
} from './login-throttle';
import { persist, table } from './store';
import type { MockRow } from './types';
import { nowSeconds, randomHex, readBody, sameId, strip, toIds } from './util';
import { textOf } from '@/core/guards';

export const DEMO_USERNAME = 'admin';
export const DEMO_PASSWORD = 'Admin@123456';
/** Always accepted as the captcha answer (documented in the README). */
export const DEMO_CAPTCHA = '8888';
/** The one SSO ticket the mock accepts (documented in the README); it signs in `DEMO_SSO_USERNAME`. */
export const DEMO_SSO_TICKET = 'demo-sso-ticket';
/** The one WeChat authorisation code the mock accepts (README); it signs in `DEMO_SSO_USERNAME`. */
export const DEMO_WECHAT_CODE = 'demo-wechat-code';
/** 孙丽: an ordinary administrator who may read, never the super administrator. */
export const DEMO_SSO_USERNAME = 'sunli';
/** Table of the administrators (the adminuser module's group). */
export const USER_TABLE = 'adminuser';
/** Table of the roles (the adminrole module's group). */
const ROLE_TABLE = 'adminrole';
const CAPTCHA_LIFETIME_MS = 5 * 60 * 1000;

/** Token of a request: the access-token header, the upload header, or a query parameter. */
export function tokenOf(request: Request): string {
  const url = new URL(request.url);
  return (
    request.headers.get('access-token') ||
    request.headers.get('accesstoken') ||
    url.searchParams.get('access-token') ||
    url.searchParams.get('accessToken') ||
    ''
  );
}

export function findUser(username: string): MockRow | undefined {
  return table(USER_TABLE).rows.find((row) => row.username === username);
}

/** The signed-in user behind a request's access-token header (without the password), or undefined. */
export function sessionUser(request: Request): MockRow | undefined {
  const username = sessionUsername(tokenOf(request));
  if (username === undefined) return undefined;
  const user = findUser(username);
  return user && user.status !== 2 ? strip(user) : undefined;
}

// Which calls are answered without a token, and the 401 for the others: ./call-guard, from the
// contract's `security: []`.

// --- captcha -------------------------------------------------------------------------------

const captchas = new Map<string, { code: string; expires: number }>();
const CAPTCHA_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

function randomInt(max: number): number {
  const buffer = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buffer);
  return (buffer[0] ?? 0) % max;
}

function captchaSvg(code: string): string {
  const letters = [...code]
    .map((char, i) => {
      const x = 14 + i * 24;
      const y = 28 + randomInt(8);
      const rotate = randomInt(40) - 20;
      const hue = randomInt(360);
      return `<text x="${x}" y="${y}" transform="rotate(${rotate} ${x} ${y})" fill="hsl(${hue},60%,35%)" font-size="26" font-family="Verdana,sans-serif" font-weight="bold">${char}</text>`;
    })
    .join('');
  const lines = Array.from({ length: 4 }, () => {
    const hue = randomInt(360);
    return `<line x1="${randomInt(110)}" y1="${randomInt(40)}" x2="${randomInt(110)}" y2="${randomInt(40)}" stroke="hsl(${hue},50%,60%)" stroke-width="1.5"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="110" height="40" viewBox="0 0 110 40"><rect width="110" height="40" fill="#f2f4f8"/>${lines}${letters}</svg>`;
}

/** Issues a captcha: its key and the 4-character code (exported for tests). */
export function issueCaptcha(): { captcha_key: string; code: string; image: string } {
  const now = Date.now();
  for (const [key, entry] of captchas) if (entry.expires < now) captchas.delete(key);
  const code = Array.from({ length: 4 }, () => CAPTCHA_CHARS[randomInt(CAPTCHA_CHARS.length)]).join(
    '',
  );
  const captcha_key = randomHex(12);
  captchas.set(captcha_key, { code, expires: now + CAPTCHA_LIFETIME_MS });
  return { captcha_key, code, image: `data:image/svg+xml;base64,${btoa(captchaSvg(code))}` };
}

function captchaAccepted(answer: string, key: string): boolean {
  if (answer === DEMO_CAPTCHA) return true;
  const entry = captchas.get(key);
  captchas.delete(key);
  return (
    !!entry && entry.expires >= Date.now() && entry.code.toLowerCase() === answer.toLowerCase()
  );
}

// --- login ---------------------------------------------------------------------------------

/** Every module's permission keys (set by the handler list: the engine knows the modules). */
let permissionKeys: () => string[] = () => [];

export function setPermissionKeySource(source: () => string[]): void {
  permissionKeys = source;
}

/** The suffixes of the calls every signed-in user may make (reading). */
const READ_SUFFIXES = new Set(READ_CAPABILITIES.map((capability) => PERMISSION_SUFFIX[capability]));

/** The super admin holds every key: the demo account, role 1, or a role flagged issuper. */
export function isSuperUser(user: MockRow): boolean {
  if (user.username === DEMO_USERNAME || Number(user.role_id) === 1) return true;
  const role = table(ROLE_TABLE).rows.find((row) => sameId(row.id, user.role_id));
  return Number(role?.issuper) === 1;
}

// --- role → menus and keys ------------------------------------------------------------------

/** Table of the menus (the adminmenu module's group). */
const MENU_TABLE = 'adminmenu';
/** A role's 菜单配置 (saverolemenu): { roleid, menuarr }. */
export const ROLE_MENU_TABLE = 'mock_rolemenu';
/** A role's 权限分配 (saveroleauth): { roleid, prilist }. */
export const ROLE_AUTH_TABLE = 'mock_roleauth';

/** The menu ids saved for a role, or undefined while nothing was saved (then: every menu). */
export function savedRoleMenuIds(roleid: unknown): string[] | undefined {
  const link = table(ROLE_MENU_TABLE).rows.find((row) => sameId(row.roleid, roleid));
  return link ? toIds(link.menuarr).map(String) : undefined;
}

/** The permission keys saved for a role by 权限分配. */
export function savedRoleAuthKeys(roleid: unknown): string[] {
  const link = table(ROLE_AUTH_TABLE).rows.find((row) => sameId(row.roleid, roleid));
  return Array.isArray(link?.prilist)
    ? link.prilist.filter((key): key is string => typeof key === 'string')
    : [];
}

/**
 * The menu rows a user may see: every row for the super admin and for a role whose menus were
 * never configured; otherwise the role's saved ids plus their ancestors (a server may keep only
 * the leaves; the group of a given entry must still show).
 */
export function menuRowsOf(user: MockRow | undefined): MockRow[] {
  const rows = table(MENU_TABLE).rows;
  if (!user || isSuperUser(user)) return rows;
  const saved = savedRoleMenuIds(user.role_id);
  if (!saved) return rows;
  const byId = new Map(rows.map((row) => [String(row.amenu_id), row]));
  const visible = new Set<string>();
  for (const id of saved) {
    let row = byId.get(id);
    // Walk up to the top; the guard stops on a cycle in hand-edited data.
    while (row && !visible.has(String(row.amenu_id))) {
      visible.add(String(row.amenu_id));
      row = byId.get(textOf(row.amenu_pid ?? 0));
    }
  }
  return rows.filter((row) => visible.has(String(row.amenu_id)));
}

/**
 * A user's permission keys (prilist): all of them for the super admin; for everyone else the
 * reading keys, the keys of the enabled buttons their role was given in 菜单配置 (a button
 * row's routerName is its key, e.g. ADMINUSER_RESETPASSWORD) and the role's 权限分配 keys.
 */
export function permissionKeysOf(user: MockRow): string[] {
  const keys = permissionKeys();
  if (isSuperUser(user)) return keys;
  const read = keys.filter((key) => READ_SUFFIXES.has(key.slice(key.lastIndexOf('_') + 1)));
  const saved = savedRoleMenuIds(user.role_id);
  const buttons = saved
    ? menuRowsOf(user)
        .filter((row) => row.amenu_type === 'button' && Number(row.amenu_status ?? 1) !== 2)
        .map((row) => textOf(row.amenu_routername))
        .filter(Boolean)
    : [];
  return [...new Set([...read, ...buttons, ...savedRoleAuthKeys(user.role_id)])];
}

/** True when the user may make the call guarded by `key` (the super admin may make any). */
export function holdsPermission(user: MockRow, key: string): boolean {
  return isSuperUser(user) || permissionKeysOf(user).includes(key);
}

function openSession(user: MockRow) {
  const token = startSession(String(user.username));
  user.last_login_time = nowSeconds();
  persist();
  return {
    token,
    userinfo: {
      username: String(user.username),
      nickname: String(user.nickname ?? user.username),
      avatar: textOf(user.avatar),
    },
    prilist: permissionKeysOf(user).join(','),
  };
}

/** The SSO / WeChat answer: the demo account's session when the ticket was the demo one. */
function externalSignIn(accepted: boolean, refusal: string) {
  const user = accepted ? findUser(DEMO_SSO_USERNAME) : undefined;
  if (!user) return fail(201, refusal);
  if (Number(user.status) === 2) return fail(201, mockMessages.accountDisabled);
  return ok(openSession(user), mockMessages.loginSuccess);
}

export const authHandlers = [
  http.get('/api/captcha', () => {
    const { captcha_key, image } = issueCaptcha();
    return ok({ image, captcha_key });
  }),

  http.post('/api/login', async ({ request }) => {
    const body = await readBody(request);
    const username = textOf(body.username).trim();
    const password = textOf(body.password);
    const captcha = textOf(body.captcha).trim();
    const address = clientAddressOf(request);
    // Before anything is checked: during a wait even the right password is turned away.
    const wait = loginWaitSeconds(username, address);
    if (wait > 0) return fail(201, mockMessages.loginWait(wait));
    if (!captcha) return fail(201, mockMessages.captchaRequired);
    if (!captchaAccepted(captcha, textOf(body.captcha_key)))
      return fail(201, mockMessages.captchaWrong);
    const user = findUser(username);
    if (!user || textOf(user.password) !== password) {
      noteLoginFailure(username, address);
      return fail(201, mockMessages.badCredentials);
    }
    noteLoginSuccess(username);
    if (Number(user.status) === 2) return fail(201, mockMessages.accountDisabled);
    return ok(openSession(user), mockMessages.loginSuccess);
  }),

  // No SSO or WeChat server behind the mock: only the documented demo ticket / code signs in,
  // and as an ordinary user (a super administrator for any ticket was anyone's for the asking).
  http.post('/api/ssologin', async ({ request }) => {
    const body = await readBody(request);
    return externalSignIn(body.ticket === DEMO_SSO_TICKET, mockMessages.ssoTicketRefused);
  }),
  http.post('/api/wechatauthlogin', async ({ request }) => {
    const body = await readBody(request);
    return externalSignIn(body.code === DEMO_WECHAT_CODE, mockMessages.wechatCodeRefused);
  }),

  // Public: signing out a token that has already ended (expired, password changed) still
  // succeeds, so the app's sign-out never meets 401，登录失效！.
  http.post('/api/logout', ({ request }) => {
    endSession(tokenOf(request));
    return ok(null, mockMessages.loggedOut);
  }),
];
