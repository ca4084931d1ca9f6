/**
 * Issue 51 on the tree screens (城市管理 over the app's mock handlers): 搜索 and 重置 ask the
 * server again with nothing changed, and a tree that could not be loaded says why, with 重试.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setPrilist } from '@/lib/session';
import { districtModule } from '@generated/modules/district';
import DistrictPage from '@/features/settings/district-page';
import { renderWithProviders } from '../form/render';
import { permitAllActions, server, withMockBackend } from './mock-backend';

const backend = withMockBackend();

beforeEach(() => {
  setPrilist(['ADD', 'EDIT', 'DELETE'].map((a) => `DISTRICT_${a}`));
  permitAllActions(districtModule);
});

const tree = () => screen.getByRole('treegrid', { name: '行政区划' });
const calls = () => backend.requests('/api/district/list').length;

describe('a tree list (城市管理)', () => {
  it('搜索 and 重置 with nothing changed ask the server again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DistrictPage />);
    await within(tree()).findByText('广东省');
    const before = calls();
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(calls()).toBe(before + 1));
    await user.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(calls()).toBe(before + 2));
  });

  it('a tree that could not be loaded says why, and 重试 loads it', async () => {
    let down = true;
    server.use(
      http.get('*/api/district/list', () =>
        down ? new HttpResponse('bad gateway', { status: 503 }) : undefined,
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<DistrictPage />);
    expect(
      await within(tree()).findByText('数据加载失败：服务暂时不可用，请稍后重试'),
    ).toBeVisible();
    down = false;
    await user.click(within(tree()).getByRole('button', { name: '重试' }));
    expect(await within(tree()).findByText('广东省')).toBeInTheDocument();
  });
});
