/**
 * The shell's calls with their query keys (queryOptions: key and function travel together).
 * Answers go through the request client's plain helpers, which show the status catalogue's
 * messages and return the error object instead of throwing.
 */
import { queryOptions } from '@tanstack/react-query';
import { http, isApiError, type Envelope } from '@/lib/request';
import type { SystemSettings } from '@/lib/session';
import type { UserMenu } from './menu';

export interface ShellMessage {
  tm_id: number | string;
  tm_title: string;
  tm_content?: string;
  /** 2 = unread. */
  tm_status: number;
  /** Seconds. */
  create_time: number | string;
}

export const UNREAD_STATUS = 2;
/** Spec section 9: the message list fetches 100. */
export const MESSAGE_FETCH_SIZE = 100;
export const MESSAGE_PAGE_SIZES = [10, 30, 40, 50, 80];

function data<T>(answer: Envelope<T> | Error, fallback: T): T {
  if (isApiError(answer) || answer instanceof Error) throw answer;
  if (answer.status !== 200 && answer.status !== 1) throw new Error(answer.msg);
  return (answer.data ?? fallback) as T;
}

/** Reads a count answered as a number or as an object holding one. */
export function readCount(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Number(value) || 0;
  if (value && typeof value === 'object') {
    for (const key of ['num', 'count', 'total', 'noreadnum', 'msgNoReadNum']) {
      const inner = (value as Record<string, unknown>)[key];
      if (inner !== undefined) return readCount(inner);
    }
  }
  return 0;
}

/** Reads the socket status check: yes as true, 1, 'yes' or an object with status/open 1. */
export function readSocketStatus(value: unknown): boolean {
  if (value === true || value === 1 || value === '1' || value === 'yes') return true;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return readSocketStatus(record.status ?? record.open ?? record.enabled);
  }
  return false;
}

export const shellKeys = {
  menu: ['shell', 'usermenu'] as const,
  settings: ['shell', 'systemsetting'] as const,
  unread: ['shell', 'message', 'unread'] as const,
  messages: ['shell', 'message', 'list'] as const,
  socketStatus: ['shell', 'message', 'socketstatus'] as const,
};

export const userMenuQuery = queryOptions({
  queryKey: shellKeys.menu,
  queryFn: async () =>
    data<UserMenu[]>(await http.post<UserMenu[]>('/api/adminmenu/getusermenu', {}), []),
  staleTime: Infinity,
});

export const systemSettingQuery = queryOptions({
  queryKey: shellKeys.settings,
  queryFn: async () =>
    data<SystemSettings>(await http.post<SystemSettings>('/api/getsystemsetting', {}), {}),
  staleTime: Infinity,
});

export const unreadCountQuery = queryOptions({
  queryKey: shellKeys.unread,
  queryFn: async () =>
    readCount(data<unknown>(await http.post('/api/message/getmesnoreadnum', {}), 0)),
});

interface MessagePage {
  data: ShellMessage[];
  allcount: number;
}

export const unreadMessagesQuery = queryOptions({
  queryKey: shellKeys.messages,
  queryFn: async () => {
    const page = data<MessagePage | ShellMessage[]>(
      await http.get<MessagePage>('/api/message/list', {
        tm_status: UNREAD_STATUS,
        pageindex: 1,
        pagesize: MESSAGE_FETCH_SIZE,
      }),
      { data: [], allcount: 0 },
    );
    return Array.isArray(page) ? page : (page.data ?? []);
  },
});

export interface SocketStatus {
  open: boolean;
  url?: string;
}

export const socketStatusQuery = queryOptions({
  queryKey: shellKeys.socketStatus,
  queryFn: async (): Promise<SocketStatus> => {
    const value = data<unknown>(await http.post('/api/message/getsocketstatus', {}), false);
    const url = value && typeof value === 'object' ? (value as { url?: unknown }).url : undefined;
    return { open: readSocketStatus(value), url: typeof url === 'string' && url ? url : undefined };
  },
  staleTime: Infinity,
});

/** Marks one message (by tm_id) or all ('read-all') as read. */
export async function markRead(id: number | string | 'read-all'): Promise<boolean> {
  const answer = await http.post('/api/message/read', { id });
  return !isApiError(answer) && answer.status === 200;
}

export async function clearServerCache(): Promise<boolean> {
  const answer = await http.get('/api/clearcache');
  return !isApiError(answer) && answer.status === 200;
}

export interface PasswordBody {
  oldPwd: string;
  newPwd: string;
  newPwdTwo: string;
}

export async function changePassword(body: PasswordBody): Promise<boolean> {
  const answer = await http.post('/api/adminuser/uppassword', body);
  return !isApiError(answer) && answer.status === 200;
}
