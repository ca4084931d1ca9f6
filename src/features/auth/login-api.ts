/** Session calls of the login page: captcha, password login, SSO and WeChat login. */
import { http, isApiError, type Envelope } from '@/lib/request';
import type { SessionUserInfo } from '@/lib/session';

export interface Captcha {
  image: string;
  captcha_key: string;
}

export interface LoginResult {
  token: string;
  userinfo: SessionUserInfo;
  prilist: string;
}

export interface LoginBody {
  username: string;
  password: string;
  captcha: string;
  captcha_key: string;
}

function okData<T>(answer: Envelope<T> | Error): T | undefined {
  if (isApiError(answer) || answer instanceof Error) return undefined;
  return answer.status === 200 ? answer.data : undefined;
}

export async function fetchCaptcha(): Promise<Captcha | undefined> {
  return okData(await http.get<Captcha>('/api/captcha', { r: Date.now() }));
}

export async function login(body: LoginBody): Promise<LoginResult | undefined> {
  return okData(await http.post<LoginResult>('/api/login', body));
}

export async function ssoLogin(
  ticket: string,
  redirect?: string,
): Promise<LoginResult | undefined> {
  return okData(await http.post<LoginResult>('/api/ssologin', { ticket, redirect }));
}

export async function wechatLogin(code: string, state?: string): Promise<LoginResult | undefined> {
  return okData(await http.post<LoginResult>('/api/wechatauthlogin', { code, state }));
}
