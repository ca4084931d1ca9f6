/** The homepage's figures: counts read from the list calls' allcount, latest messages. */
import { queryOptions } from '@tanstack/react-query';
import { http, isApiError } from '@/lib/request';

interface Page<T> {
  data: T[];
  allcount: number;
}

async function listCount(url: string, params: Record<string, unknown> = {}): Promise<number> {
  const answer = await http.get<Page<unknown>>(url, { pageindex: 1, pagesize: 1, ...params });
  if (isApiError(answer) || answer.status !== 200) return 0;
  return Number(answer.data?.allcount ?? 0);
}

export const userCountQuery = queryOptions({
  queryKey: ['home', 'count', 'adminuser'],
  queryFn: () => listCount('/api/adminuser/list'),
});

export const noticeCountQuery = queryOptions({
  queryKey: ['home', 'count', 'adminnotice'],
  queryFn: () => listCount('/api/adminnotice/list'),
});

export interface HomeMessage {
  tm_id: number | string;
  tm_title: string;
  tm_status: number;
  create_time: number | string;
}

export const latestMessagesQuery = queryOptions({
  queryKey: ['home', 'latest-messages'],
  queryFn: async () => {
    const answer = await http.get<Page<HomeMessage>>('/api/message/list', {
      pageindex: 1,
      pagesize: 6,
    });
    if (isApiError(answer) || answer.status !== 200) return [];
    return answer.data?.data ?? [];
  },
});
