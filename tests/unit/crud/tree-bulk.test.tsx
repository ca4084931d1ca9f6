/**
 * Issue 51 walk-through item 12c: the trees had no bulk actions. Through 城市管理: rows are
 * chosen by their boxes, the list's 批量操作 bar counts them, and 批量禁用 asks once and
 * disables each chosen record.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onNotify, type NotifyMessage } from '@/lib/notify';
import { setPrilist } from '@/lib/session';
import { districtModule } from '@generated/modules/district';
import DistrictPage from '@/features/settings/district-page';
import { renderWithProviders } from '../form/render';
import { permitAllActions, withMockBackend } from './mock-backend';

const backend = withMockBackend();

let toasts: NotifyMessage[] = [];
let stop: () => void = () => undefined;
beforeEach(() => {
  toasts = [];
  stop = onNotify((m) => toasts.push(m));
  setPrilist(['ADD', 'EDIT', 'DELETE', 'DISABLE', 'UPDATEFIELD'].map((a) => `DISTRICT_${a}`));
  permitAllActions(districtModule);
});
afterEach(() => stop());

const tree = () => screen.getByRole('treegrid', { name: '行政区划' });
const rowOf = (name: string) => within(tree()).getByText(name).closest('tr')!;

describe('bulk actions on a tree (城市管理)', () => {
  it('批量禁用 the two chosen cities after one question', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DistrictPage />);
    await within(tree()).findByText('广东省');
    await user.click(within(rowOf('广东省')).getByRole('button', { name: '展开' }));
    await within(tree()).findByText('深圳市');
    for (const city of ['广州市', '深圳市'])
      await user.click(within(rowOf(city)).getByRole('checkbox', { name: '选择该行' }));

    const bar = await screen.findByRole('group', { name: '批量操作' });
    expect(within(bar).getByText('已选 2 项')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: '批量禁用' }));
    const question = await screen.findByText('确定禁用选中的 2 条记录吗？');
    const dialog = question.closest<HTMLElement>('.p-confirm-dialog') ?? document.body;
    await user.click(within(dialog).getByRole('button', { name: '确定' }));

    await waitFor(() =>
      expect(toasts).toContainEqual(expect.objectContaining({ summary: '已禁用 2 条记录' })),
    );
    expect(backend.requests('/api/district/disable')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('group', { name: '批量操作' })).toBeNull());
  });
});
