/**
 * The shell's queries (queryOptions: key and function travel together) over the generated
 * calls. A failed call throws: the request client has already shown the status message, and
 * the query ends in its error state.
 */
import { queryOptions } from '@tanstack/react-query';
import { LIST_PAGE_SIZES } from '@/core/paging';
import { adminmenuGetusermenu } from '@generated/api/adminmenu/adminmenu';
import {
  messageGetmesnoreadnum,
  messageGetsocketstatus,
  messageList,
} from '@generated/api/message/message';
import { sessionGetsystemsetting } from '@generated/api/session/session';
import { MessageListTmStatus } from '@generated/api/model/messageListTmStatus';

export const UNREAD_STATUS = MessageListTmStatus.NUMBER_2;
/** Spec section 9: the message list fetches 100. */
export const MESSAGE_FETCH_SIZE = 100;
export const MESSAGE_PAGE_SIZES = LIST_PAGE_SIZES;

export const shellKeys = {
  menu: ['shell', 'usermenu'] as const,
  settings: ['shell', 'systemsetting'] as const,
  unread: ['shell', 'message', 'unread'] as const,
  messages: ['shell', 'message', 'list'] as const,
  socketStatus: ['shell', 'message', 'socketstatus'] as const,
};

export const userMenuQuery = queryOptions({
  queryKey: shellKeys.menu,
  queryFn: async ({ signal }) => (await adminmenuGetusermenu(undefined, signal)).data ?? [],
  staleTime: Infinity,
});

export const systemSettingQuery = queryOptions({
  queryKey: shellKeys.settings,
  queryFn: async ({ signal }) => (await sessionGetsystemsetting({}, undefined, signal)).data ?? {},
  staleTime: Infinity,
});

export const unreadCountQuery = queryOptions({
  queryKey: shellKeys.unread,
  queryFn: async ({ signal }) => (await messageGetmesnoreadnum(undefined, signal)).data ?? 0,
});

export const unreadMessagesQuery = queryOptions({
  queryKey: shellKeys.messages,
  queryFn: async ({ signal }) => {
    const answer = await messageList(
      { tm_status: UNREAD_STATUS, pageindex: 1, pagesize: MESSAGE_FETCH_SIZE },
      undefined,
      signal,
    );
    return answer.data?.data ?? [];
  },
});

export const socketStatusQuery = queryOptions({
  queryKey: shellKeys.socketStatus,
  queryFn: async ({ signal }) =>
    (await messageGetsocketstatus(undefined, signal)).data ?? { open: false },
  staleTime: Infinity,
});
