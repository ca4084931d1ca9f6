/**
 * The shell laid out for the window's width instead of scaled to it (issue 51 item 6), and the
 * history tabs' 标签列表 (the journey tests/e2e/layout-widths.e2e.ts drives them in Chromium).
 */
import { describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HistoryTabs } from '@/layout/history-tabs';
import { HOME_TAB, type HistoryTab } from '@/layout/tabs';
import { shellWidth, useSidebarCollapse } from '@/layout/use-shell-width';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148';

describe('the shell’s width classes', () => {
  it.each([
    [1930, DESKTOP, 'wide'],
    [1366, DESKTOP, 'wide'],
    [1199, DESKTOP, 'narrow'],
    [1024, DESKTOP, 'narrow'],
    [767, DESKTOP, 'mobile'],
    [1024, PHONE, 'mobile'],
  ])('%i px (%#) is %s', (width, agent, expected) => {
    expect(shellWidth(width, agent)).toBe(expected);
  });

  it('collapses the sidebar in a narrow window; the toggle holds until the width class changes', () => {
    const { result, rerender } = renderHook(({ width }) => useSidebarCollapse(width), {
      initialProps: { width: shellWidth(1024, DESKTOP) },
    });
    expect(result.current.collapsed).toBe(true);
    act(() => result.current.toggle());
    expect(result.current.collapsed).toBe(false);
    rerender({ width: 'wide' });
    expect(result.current.collapsed).toBe(false);
    act(() => result.current.toggle());
    expect(result.current.collapsed).toBe(true);
    rerender({ width: 'narrow' });
    expect(result.current.collapsed).toBe(true);
    rerender({ width: 'wide' });
    expect(result.current.collapsed).toBe(false);
  });
});

describe('标签列表', () => {
  it('lists every open tab, the active one ticked, and switches to the one picked', async () => {
    const user = userEvent.setup();
    const tabs: HistoryTab[] = [
      HOME_TAB,
      { path: '/system/user', title: '管理员管理' },
      { path: '/system/role', title: '角色管理' },
    ];
    const onSelect = vi.fn();
    render(
      <HistoryTabs
        tabs={tabs}
        activePath="/system/role"
        onSelect={onSelect}
        onChange={vi.fn()}
        onRefresh={vi.fn()}
      />,
    );
    await user.click(screen.getByRole('button', { name: '标签列表' }));
    const picked = await screen.findByText('管理员管理', { selector: '.p-menuitem-text' });
    const list = picked.closest('.history-tabs__list-popup');
    if (!(list instanceof HTMLElement)) throw new Error('标签列表 is no menu');
    const items = within(list).getAllByText(/./, { selector: '.p-menuitem-text' });
    expect(items.map((item) => item.textContent)).toEqual(['控制台', '管理员管理', '角色管理']);
    expect(items[2]!.closest('.history-tabs__list-item--active')).not.toBeNull();
    await user.click(picked);
    expect(onSelect).toHaveBeenCalledWith('/system/user');
  });
});
