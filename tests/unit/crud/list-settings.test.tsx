/**
 * 列设置 of a generated list (issue 24 item 13): the columns a user hides and the density, kept
 * per user and module in local storage; the selection-free 公告管理 over the mock backend.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CrudPage } from '@/components/crud';
import {
  DEFAULT_LIST_SETTINGS,
  listSettingsKey,
  readListSettings,
  writeListSettings,
  type SettingsStorage,
} from '@/components/crud/list-settings';
import { SESSION_KEYS, setItem, setPrilist } from '@/lib/session';
import { setAccessRoutes } from '@/lib/permissions';
import { noticeModule } from '@generated/modules/notice';
import { districtModule } from '@generated/modules/district';
import DistrictPage from '@/features/settings/district-page';
import { renderWithProviders } from '../form/render';
import { permitAllActions, withMockBackend } from './mock-backend';

function mapStorage(): SettingsStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

describe('stored list settings', () => {
  it('reads back what was written, per user and module', () => {
    const storage = mapStorage();
    const key = listSettingsKey('admin', 'notice');
    writeListSettings(storage, key, { hidden: ['notice_type'], density: 'small' });
    expect(readListSettings(storage, key)).toEqual({ hidden: ['notice_type'], density: 'small' });
    expect(readListSettings(storage, listSettingsKey('zhangsan', 'notice'))).toEqual(
      DEFAULT_LIST_SETTINGS,
    );
    expect(readListSettings(storage, listSettingsKey('admin', 'member'))).toEqual(
      DEFAULT_LIST_SETTINGS,
    );
  });

  it('forgets the entry when back to the defaults', () => {
    const storage = mapStorage();
    const key = listSettingsKey('admin', 'notice');
    writeListSettings(storage, key, { hidden: ['sort'], density: 'normal' });
    writeListSettings(storage, key, DEFAULT_LIST_SETTINGS);
    expect(storage.entries.size).toBe(0);
  });

  it.each([
    ['not JSON', '{'],
    ['not an object', '7'],
    ['wrong types', '{"hidden":"sort","density":"huge"}'],
  ])('reads %s as the defaults', (_name, raw) => {
    const storage = mapStorage();
    storage.setItem('k', raw);
    expect(readListSettings(storage, 'k')).toEqual(DEFAULT_LIST_SETTINGS);
  });

  it('keeps only the field names of a partly broken entry', () => {
    const storage = mapStorage();
    storage.setItem('k', '{"hidden":["sort",3,null],"density":"large"}');
    expect(readListSettings(storage, 'k')).toEqual({ hidden: ['sort'], density: 'large' });
  });
});

describe('列设置 on 公告管理', () => {
  withMockBackend();
  const table = () => within(screen.getByRole('region', { name: '公告管理' })).getByRole('table');
  const headers = () =>
    within(table())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);

  beforeEach(() => {
    setItem(SESSION_KEYS.username, 'admin');
    setPrilist(['ADMINNOTICE_EDIT', 'ADMINNOTICE_DELETE']);
    permitAllActions(noticeModule);
    setAccessRoutes({ [noticeModule.route]: ['info', 'edit', 'delete'] });
  });
  afterEach(() => localStorage.clear());

  it('hides a column for this user until 恢复默认, never 操作', async () => {
    const user = userEvent.setup();
    const first = renderWithProviders(<CrudPage module={noticeModule} />);
    await within(table()).findByText('国庆节放假安排');
    expect(headers()).toContain('公告类型');

    const button = screen.getByRole('button', { name: '列设置' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const panel = await screen.findByRole('dialog', { name: '列设置' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).queryByRole('checkbox', { name: '操作' })).toBeNull();
    await user.click(within(panel).getByRole('checkbox', { name: '公告类型' }));
    expect(headers()).not.toContain('公告类型');
    expect(headers()).toContain('操作');
    expect(localStorage.getItem(listSettingsKey('admin', 'notice'))).toContain('notice_type');

    // Escape closes and gives the focus back to the button.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: '列设置' })).toBeNull();
    expect(button).toHaveFocus();

    // The same user, the screen opened again: still hidden. Another user: shown.
    first.unmount();
    const again = renderWithProviders(<CrudPage module={noticeModule} />);
    await within(table()).findByText('国庆节放假安排');
    expect(headers()).not.toContain('公告类型');
    again.unmount();
    setItem(SESSION_KEYS.username, 'zhangsan');
    const other = renderWithProviders(<CrudPage module={noticeModule} />);
    await within(table()).findByText('国庆节放假安排');
    expect(headers()).toContain('公告类型');
    other.unmount();

    setItem(SESSION_KEYS.username, 'admin');
    renderWithProviders(<CrudPage module={noticeModule} />);
    await within(table()).findByText('国庆节放假安排');
    await user.click(screen.getByRole('button', { name: '列设置' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '列设置' })).getByRole('button', {
        name: '恢复默认',
      }),
    );
    expect(headers()).toContain('公告类型');
    expect(localStorage.getItem(listSettingsKey('admin', 'notice'))).toBeNull();
  });

  it('keeps the last shown column: its box cannot be cleared', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={noticeModule} />);
    await within(table()).findByText('国庆节放假安排');
    await user.click(screen.getByRole('button', { name: '列设置' }));
    const panel = await screen.findByRole('dialog', { name: '列设置' });
    const boxes = within(panel).getAllByRole('checkbox');
    for (const box of boxes.slice(1)) await user.click(box);
    expect(boxes[0]).toBeChecked();
    expect(boxes[0]).toBeDisabled();
  });

  it('sets the density: 紧凑 makes the table small, kept for the next visit', async () => {
    const user = userEvent.setup();
    const first = renderWithProviders(<CrudPage module={noticeModule} />);
    await within(table()).findByText('国庆节放假安排');
    await user.click(screen.getByRole('button', { name: '列设置' }));
    const panel = await screen.findByRole('dialog', { name: '列设置' });
    expect(within(panel).getByRole('radio', { name: '默认' })).toBeChecked();
    await user.click(within(panel).getByRole('radio', { name: '紧凑' }));
    const datatable = () => table().closest('.p-datatable');
    expect(datatable()).toHaveClass('p-datatable-sm');
    first.unmount();
    renderWithProviders(<CrudPage module={noticeModule} />);
    await within(table()).findByText('国庆节放假安排');
    expect(datatable()).toHaveClass('p-datatable-sm');
  });
});

describe('列设置 on a tree (城市管理)', () => {
  withMockBackend();
  beforeEach(() => {
    setItem(SESSION_KEYS.username, 'admin');
    setPrilist(['DISTRICT_EDIT']);
    permitAllActions(districtModule);
  });
  afterEach(() => localStorage.clear());

  it('hides a column but never the one that opens the nodes; 宽松 spaces the rows', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DistrictPage />);
    const tree = () => screen.getByRole('treegrid', { name: '行政区划' });
    await within(tree()).findByText('广东省');
    await user.click(screen.getByRole('button', { name: '列设置' }));
    const panel = await screen.findByRole('dialog', { name: '列设置' });
    expect(within(panel).queryByRole('checkbox', { name: '地区名称' })).toBeNull();
    const [first] = within(panel).getAllByRole('checkbox');
    const field = first?.closest('label')?.textContent ?? '';
    expect(within(tree()).getByRole('columnheader', { name: field })).toBeInTheDocument();
    await user.click(first!);
    expect(within(tree()).queryByRole('columnheader', { name: field })).toBeNull();
    expect(within(tree()).getByRole('columnheader', { name: '地区名称' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('radio', { name: '宽松' }));
    expect(tree().closest('.p-treetable')).toHaveClass('p-treetable-lg');
  });
});
