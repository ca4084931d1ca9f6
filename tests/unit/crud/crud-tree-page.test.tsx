/**
 * CrudTreePage as a lazy tree, through 城市管理 (src/features/settings/district-page) over the
 * app's mock handlers: the provinces first, a node's children when it opens, districts as
 * leaves (no toggle, no 新增下级), keyword hits flat, and a change refreshing the loaded levels.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onNotify, type NotifyMessage } from '@/lib/notify';
import { setPrilist } from '@/lib/session';
import { districtModule } from '@generated/modules/district';
import { districtList } from '@generated/api/district/district';
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
/** The row's expand toggle, when it shows one (PrimeReact hides a leaf's). */
const toggleOf = (name: string) => {
  const toggle = rowOf(name).querySelector<HTMLButtonElement>('.p-treetable-toggler');
  return toggle && toggle.style.visibility !== 'hidden' ? toggle : null;
};
const levelsAsked = () =>
  backend
    .requests('/api/district/list')
    .map(({ query }) => query.pid ?? `keyword ${query.keyword}`);

async function openNode(name: string) {
  const user = userEvent.setup();
  await user.click(toggleOf(name)!);
}

describe('CrudTreePage with lazily loaded children (城市管理)', () => {
  it('shows the provinces, and a province’s cities only once it is opened', async () => {
    renderWithProviders(<DistrictPage />);
    expect(await within(tree()).findByText('广东省')).toBeInTheDocument();
    expect(within(tree()).queryByText('广州市')).toBeNull();
    expect(levelsAsked()).toEqual(['0']);
    // A lazy tree offers no 全部展开: it would load every level.
    expect(screen.queryByRole('button', { name: '全部展开' })).toBeNull();

    await openNode('广东省');
    expect(await within(tree()).findByText('广州市')).toBeInTheDocument();
    expect(levelsAsked()).toEqual(['0', '1']);
    await openNode('广州市');
    expect(await within(tree()).findByText('天河区')).toBeInTheDocument();
  });

  it('is a treegrid worked by keyboard: → opens a row, ↓ moves on, ← closes or goes up', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DistrictPage />);
    await within(tree()).findByText('广东省');
    const province = rowOf('广东省');
    expect(province).toHaveAttribute('aria-level', '1');
    expect(province).toHaveAttribute('aria-expanded', 'false');
    expect(within(province).getByRole('button', { name: '展开' })).toBeInTheDocument();
    province.focus();
    await user.keyboard('{ArrowRight}');
    expect(await within(tree()).findByText('广州市')).toBeInTheDocument();
    expect(rowOf('广东省')).toHaveAttribute('aria-expanded', 'true');
    expect(rowOf('广州市')).toHaveAttribute('aria-level', '2');
    await user.keyboard('{ArrowDown}');
    expect(rowOf('广州市')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(rowOf('广东省')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(within(tree()).queryByText('广州市')).toBeNull());
    expect(within(rowOf('广东省')).getByRole('button', { name: '展开' })).toBeInTheDocument();
  });

  it('a district is a leaf: no toggle and no 新增下级; a city offers both', async () => {
    renderWithProviders(<DistrictPage />);
    await within(tree()).findByText('广东省');
    await openNode('广东省');
    await within(tree()).findByText('广州市');
    await openNode('广州市');
    await within(tree()).findByText('天河区');
    expect(toggleOf('天河区')).toBeNull();
    expect(within(rowOf('天河区')).queryByRole('button', { name: '新增下级' })).toBeNull();
    expect(within(rowOf('天河区')).getByRole('button', { name: '编辑' })).toBeInTheDocument();
    expect(toggleOf('广州市')).not.toBeNull();
    expect(within(rowOf('广州市')).getByRole('button', { name: '新增下级' })).toBeInTheDocument();
    // Regions are not deleted from this screen.
    expect(within(tree()).queryByRole('button', { name: '删除' })).toBeNull();
  });

  it('a keyword search shows the hits flat; 重置 brings the tree back', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DistrictPage />);
    await within(tree()).findByText('广东省');
    await user.type(screen.getByRole('textbox', { name: '搜索城市名称或区划代码' }), '天河');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    expect(await within(tree()).findByText('天河区')).toBeInTheDocument();
    expect(within(tree()).queryByText('广东省')).toBeNull();
    expect(toggleOf('天河区')).toBeNull();
    await user.click(screen.getByRole('button', { name: '重置' }));
    expect(await within(tree()).findByText('广东省')).toBeInTheDocument();
  });

  it('新增下级 adds under the node: the new city shows in the opened level', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DistrictPage />);
    await within(tree()).findByText('广东省');
    await openNode('广东省');
    await within(tree()).findByText('广州市');
    await user.click(within(rowOf('广东省')).getByRole('button', { name: '新增下级' }));
    const dialog = await screen.findByRole('dialog', { name: '新增 - 城市管理' });
    await user.type(within(dialog).getByLabelText('地区名称'), '珠海市');
    await user.click(within(dialog).getByRole('radio', { name: '市级' }));
    await user.type(within(dialog).getByLabelText('行政区划代码'), '440400');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(tree()).findByText('珠海市')).toBeInTheDocument();
    const added = backend.requests('/api/district/add');
    expect(added).toHaveLength(1);
    expect(toasts).toContainEqual(expect.objectContaining({ summary: '新增成功' }));
    // The city was saved under 广东省 (the form opened with the parent preset).
    const cities = await districtList({ pid: 1, pageindex: 1, pagesize: 100 });
    expect(cities.data?.data.map((row) => row.name)).toContain('珠海市');
  });

  it('the status switch saves and the opened level shows the new state', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DistrictPage />);
    await within(tree()).findByText('广东省');
    await openNode('广东省');
    await within(tree()).findByText('广州市');
    await user.click(within(rowOf('广州市')).getByRole('switch', { name: '状态：启用' }));
    await waitFor(() =>
      expect(within(rowOf('广州市')).getByRole('switch', { name: '状态：禁用' })).not.toBeChecked(),
    );
    expect(toasts).toContainEqual(expect.objectContaining({ summary: '状态修改成功' }));
  });
});
