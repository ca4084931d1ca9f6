/** The homepage's figures: counts read from the list calls' allcount, latest messages. */
import { queryOptions } from '@tanstack/react-query';
import { adminnoticeList } from '@generated/api/adminnotice/adminnotice';
import { adminuserList } from '@generated/api/adminuser/adminuser';
import { messageList } from '@generated/api/message/message';

/** One row is enough: only the page's allcount is read. */
const COUNT_PAGE = { pageindex: 1, pagesize: 1 };
const LATEST_MESSAGES = 6;

export const userCountQuery = queryOptions({
  queryKey: ['home', 'count', 'adminuser'],
  queryFn: async ({ signal }) =>
    (await adminuserList(COUNT_PAGE, undefined, signal)).data?.allcount ?? 0,
});

export const noticeCountQuery = queryOptions({
  queryKey: ['home', 'count', 'adminnotice'],
  queryFn: async ({ signal }) =>
    (await adminnoticeList(COUNT_PAGE, undefined, signal)).data?.allcount ?? 0,
});

export const latestMessagesQuery = queryOptions({
  queryKey: ['home', 'latest-messages'],
  queryFn: async ({ signal }) =>
    (await messageList({ pageindex: 1, pagesize: LATEST_MESSAGES }, undefined, signal)).data
      ?.data ?? [],
});
