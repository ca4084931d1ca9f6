/**
 * Issue 51, lists: the list's search, page, size and order live in the address (a link opens the
 * list as it was, back / forward go through its states), 搜索 and 重置 always ask the server,
 * and a list that failed to load says so — no 共 0 条 — with 重试. Over the app's mock handlers,
 * in a memory router as the app's screens are.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { CrudPage } from '@/components/crud';
import { onNotify, type NotifyMessage } from '@/lib/notify';
import { setPrilist } from '@/lib/session';
import { setAccessRoutes } from '@/lib/permissions';
import { noticeModule } from '@generated/modules/notice';
import { adminnoticeAdd } from '@generated/api/adminnotice/adminnotice';
import { renderWithProviders } from '../form/render';
import { permitAllActions, server, withMockBackend } from './mock-backend';

const backend = withMockBackend();

const ROUTE = noticeModule.route;
const NEWEST = '关于系统升级维护的通知';
const HOLIDAY = '国庆节放假安排';

let toasts: NotifyMessage[] = [];
let stop: () => void = () => undefined;
beforeEach(() => {
  toasts = [];
  stop = onNotify((m) => toasts.push(m));
  setPrilist(['ADD', 'EDIT', 'DELETE', 'DISABLE', 'RECYCLE'].map((s) => `ADMINNOTICE_${s}`));
  permitAllActions(noticeModule);
  setAccessRoutes({ [ROUTE]: noticeModule.capabilities.filter((c) => c !== 'list') });
});
afterEach(() => stop());

const table = () => within(screen.getByRole('region', { name: '公告管理' })).getByRole('table');
const listQueries = () => backend.requests('/api/adminnotice/list').map((r) => r.query);
const errors = () => toasts.filter((t) => t.severity === 'error').map((t) => t.summary);

/** The notices screen in a router opened at `address`. */
function openAt(address: string) {
  const router = createMemoryRouter(
    [{ path: ROUTE, element: <CrudPage module={noticeModule} /> }],
    {
      initialEntries: [address],
    },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { router, search: () => router.state.location.search };
}

async function addNotices(count: number) {
  for (let i = 1; i <= count; i += 1)
    await adminnoticeAdd({ notice_title: `新公告${i}`, notice_type: 1, status: 1 });
}

describe('a list in the address', () => {
  it('a link opens the filtered, sorted page 2 it names', async () => {
    await addNotices(12);
    openAt(`${ROUTE}?page=2&sort=id,asc&f.status=1`);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'true'),
    );
    expect(listQueries()[0]).toEqual({
      pageindex: '2',
      pagesize: '10',
      sortfield: 'id',
      sortorder: 'asc',
      status: '1',
    });
    expect(within(table()).getByRole('columnheader', { name: /ID/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    // The 状态 filter shows the value the address chose.
    const statusFilter = screen.getByText('状态', { selector: 'label' }).parentElement!;
    expect(within(statusFilter).getByText('发布', { selector: '.p-dropdown-label' })).toBeVisible();
  });

  it('paging, ordering and searching write the address; back and forward restore the list', async () => {
    await addNotices(4);
    const user = userEvent.setup();
    const { router, search } = openAt(ROUTE);
    await within(table()).findByText('新公告1');
    expect(search()).toBe('');

    await user.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(search()).toBe('?page=2'));
    await user.type(screen.getByRole('textbox', { name: '请输入关键字' }), '放假');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(search()).toBe(`?kw=${encodeURIComponent('放假')}`));
    expect(await within(table()).findByText(HOLIDAY)).toBeInTheDocument();

    await act(() => router.navigate(-1));
    expect(search()).toBe('?page=2');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'true'),
    );
    // The search box follows the address back: the keyword is gone with it.
    expect(screen.getByRole('textbox', { name: '请输入关键字' })).toHaveValue('');
    expect(listQueries().at(-1)).toEqual({ pageindex: '2', pagesize: '10' });

    await act(() => router.navigate(1));
    expect(await within(table()).findByText(HOLIDAY)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '请输入关键字' })).toHaveValue('放假');
  });

  it('a hostile address is ignored: page 1, an offered size, no unknown order or filter', async () => {
    openAt(`${ROUTE}?page=abc&size=1e9&sort=password,desc&f.is_admin=1&kw=${'x'.repeat(300)}`);
    await within(table()).findByText('暂无数据');
    expect(listQueries()[0]).toEqual({ pageindex: '1', pagesize: '80', keyword: 'x'.repeat(200) });
  });

  it('搜索 with nothing changed asks the server again; 重置 too, and clears the address', async () => {
    const user = userEvent.setup();
    const { search } = openAt(`${ROUTE}?f.status=1`);
    await within(table()).findByText(NEWEST);
    const before = listQueries().length;
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(listQueries()).toHaveLength(before + 1));
    expect(listQueries().at(-1)).toEqual({ pageindex: '1', pagesize: '10', status: '1' });
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(listQueries()).toHaveLength(before + 2));

    await user.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(search()).toBe(''));
    await waitFor(() => expect(listQueries()).toHaveLength(before + 3));
    expect(listQueries().at(-1)).toEqual({ pageindex: '1', pagesize: '10' });
    await user.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(listQueries()).toHaveLength(before + 4));
  });
});

describe('a list that could not be loaded', () => {
  it('says why without 共 0 条, one message for the failure, and 重试 loads it', async () => {
    let down = true;
    server.use(
      http.get('*/api/adminnotice/list', () =>
        down ? new HttpResponse('<html>502 Bad Gateway</html>', { status: 502 }) : undefined,
      ),
    );
    const user = userEvent.setup();
    openAt(ROUTE);
    expect(
      await within(table()).findByText('数据加载失败：服务暂时不可用，请稍后重试'),
    ).toBeVisible();
    expect(screen.queryByText(/共 \d+ 条/)).toBeNull();
    expect(errors()).toEqual(['服务暂时不可用，请稍后重试']);

    down = false;
    await user.click(within(table()).getByRole('button', { name: '重试' }));
    expect(await within(table()).findByText(NEWEST)).toBeInTheDocument();
    expect(screen.getByText('共 8 条')).toBeInTheDocument();
    expect(errors()).toHaveLength(1);
  });
});
