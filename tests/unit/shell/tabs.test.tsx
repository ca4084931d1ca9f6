import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  HOME_TAB,
  moveTab,
  openTab,
  readTabs,
  writeTabs,
  type HistoryTab,
} from '@/layout/tabs';
import { HistoryTabs } from '@/layout/history-tabs';

const tab = (path: string): HistoryTab => ({ path, title: path.slice(1) });
const A = tab('/a');
const B = tab('/b');
const C = tab('/c');
const D = tab('/d');
const ALL = [HOME_TAB, A, B, C, D];
const paths = (tabs: HistoryTab[]) => tabs.map((t) => t.path);
const MENU = new Set(['/a', '/b', '/c', '/d']);

describe('history tabs', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps the homepage first, adds a tab only when absent and in the menu data', () => {
    expect(paths(openTab([], A, MENU))).toEqual(['/homepage', '/a']);
    expect(paths(openTab([HOME_TAB, A], A, MENU))).toEqual(['/homepage', '/a']);
    expect(paths(openTab([HOME_TAB], tab('/not-in-menu'), MENU))).toEqual(['/homepage']);
  });

  it('关闭: the homepage cannot be closed; closing the active tab activates the previous one', () => {
    expect(closeTab(ALL, '/homepage', '/a').tabs).toHaveLength(5);
    expect(closeTab(ALL, '/c', '/c')).toEqual({ tabs: [HOME_TAB, A, B, D], navigateTo: '/b' });
    expect(closeTab(ALL, '/a', '/a').navigateTo).toBe('/homepage');
    expect(closeTab(ALL, '/c', '/a')).toEqual({ tabs: [HOME_TAB, A, B, D] });
  });

  it('关闭其他 keeps the homepage and the tab', () => {
    expect(closeOthers(ALL, '/b', '/d')).toEqual({ tabs: [HOME_TAB, B], navigateTo: '/b' });
    expect(closeOthers(ALL, '/b', '/b').navigateTo).toBeUndefined();
  });

  it('关闭右侧 and 关闭左侧', () => {
    expect(closeRight(ALL, '/b', '/d')).toEqual({ tabs: [HOME_TAB, A, B], navigateTo: '/b' });
    expect(closeRight(ALL, '/b', '/a')).toEqual({ tabs: [HOME_TAB, A, B] });
    expect(closeLeft(ALL, '/c', '/a')).toEqual({ tabs: [HOME_TAB, C, D], navigateTo: '/c' });
    expect(closeLeft(ALL, '/c', '/d')).toEqual({ tabs: [HOME_TAB, C, D] });
  });

  it('closing tabs while the active path is no tab yet (a navigation under way) goes nowhere', () => {
    // 关闭右侧 closed /x, the active tab; until the router lands on its fallback the layout
    // still reports /x. 关闭左侧 on /c then must not send the user to /c.
    expect(closeLeft(ALL, '/c', '/x')).toEqual({ tabs: [HOME_TAB, C, D] });
    expect(closeOthers(ALL, '/c', '/x')).toEqual({ tabs: [HOME_TAB, C] });
    expect(closeAll(ALL, '/c', '/x')).toEqual({ tabs: [HOME_TAB] });
  });

  it('关闭全部 leaves the homepage, which becomes active', () => {
    expect(closeAll(ALL, '/b', '/c')).toEqual({ tabs: [HOME_TAB], navigateTo: '/homepage' });
  });

  it('persists in session storage (tabPane) and survives a reload', () => {
    writeTabs([HOME_TAB, A, B]);
    expect(JSON.parse(sessionStorage.getItem('tabPane') ?? '[]')).toEqual([HOME_TAB, A, B]);
    expect(readTabs()).toEqual([HOME_TAB, A, B]);
    sessionStorage.setItem('tabPane', 'not json');
    expect(readTabs()).toEqual([HOME_TAB]);
  });

  it('offers every action in the right-click menu', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onSelect = vi.fn();
    const onRefresh = vi.fn();
    render(
      <HistoryTabs
        tabs={ALL}
        activePath="/d"
        onSelect={onSelect}
        onChange={onChange}
        onRefresh={onRefresh}
      />,
    );
    const tabs = screen.getAllByRole('listitem');
    // homepage: no close button (its title is the only button)
    expect(within(tabs[0]!).queryByRole('button', { name: /^关闭/ })).toBeNull();

    const cases: [string, string[], string | undefined][] = [
      ['关闭其他', ['/homepage', '/b'], '/b'],
      ['关闭右侧', ['/homepage', '/a', '/b'], '/b'],
      ['关闭左侧', ['/homepage', '/b', '/c', '/d'], undefined],
      ['关闭全部', ['/homepage'], '/homepage'],
      ['关闭', ['/homepage', '/a', '/c', '/d'], undefined],
      ['向左移动', ['/homepage', '/b', '/a', '/c', '/d'], undefined],
      ['向右移动', ['/homepage', '/a', '/c', '/b', '/d'], undefined],
    ];
    for (const [label, expected, navigateTo] of cases) {
      onChange.mockClear();
      await user.pointer({ keys: '[MouseRight]', target: screen.getByText('b') });
      await user.click(await screen.findByText(label));
      expect(onChange).toHaveBeenCalledTimes(1);
      const change = onChange.mock.calls[0]![0] as { tabs: HistoryTab[]; navigateTo?: string };
      expect(paths(change.tabs)).toEqual(expected);
      expect(change.navigateTo).toBe(navigateTo);
    }

    onChange.mockClear();
    await user.pointer({ keys: '[MouseRight]', target: screen.getByText('c') });
    await user.click(await screen.findByText('刷新'));
    expect(onRefresh).toHaveBeenCalledWith('/c');
    expect(onChange).not.toHaveBeenCalled();

    await user.click(screen.getByText('c'));
    expect(onSelect).toHaveBeenCalledWith('/c');
    onChange.mockClear();
    await user.click(screen.getByRole('button', { name: '关闭 d' }));
    expect(onChange.mock.calls[0]![0]).toEqual({ tabs: [HOME_TAB, A, B, C], navigateTo: '/c' });
  });

  it('moves a tab, the homepage staying first', () => {
    expect(paths(moveTab(ALL, '/c', 1).tabs)).toEqual(['/homepage', '/c', '/a', '/b', '/d']);
    expect(paths(moveTab(ALL, '/a', 3).tabs)).toEqual(['/homepage', '/b', '/c', '/a', '/d']);
    expect(paths(moveTab(ALL, '/b', 0).tabs)).toEqual(['/homepage', '/b', '/a', '/c', '/d']);
    expect(paths(moveTab(ALL, '/b', 99).tabs)).toEqual(['/homepage', '/a', '/c', '/d', '/b']);
    expect(paths(moveTab(ALL, '/homepage', 2).tabs)).toEqual(paths(ALL));
    expect(moveTab(ALL, '/c', 2).navigateTo).toBeUndefined();
  });

  function renderRow() {
    const onChange = vi.fn();
    render(
      <HistoryTabs
        tabs={ALL}
        activePath="/b"
        onSelect={vi.fn()}
        onChange={onChange}
        onRefresh={vi.fn()}
      />,
    );
    const moved = () => paths((onChange.mock.calls.at(-1)![0] as { tabs: HistoryTab[] }).tabs);
    return { onChange, moved };
  }

  it('Shift with an arrow moves the focused tab; the homepage does not move', async () => {
    const user = userEvent.setup();
    const { onChange, moved } = renderRow();
    screen.getByRole('button', { name: 'c' }).focus();
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(moved()).toEqual(['/homepage', '/a', '/c', '/b', '/d']);
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(moved()).toEqual(['/homepage', '/a', '/b', '/d', '/c']);
    onChange.mockClear();
    screen.getByRole('button', { name: '控制台' }).focus();
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a tab dragged onto another takes its place; the homepage is no drop place', () => {
    const { onChange, moved } = renderRow();
    const item = (name: string) => screen.getByRole('button', { name }).closest('li')!;
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
    expect(item('控制台').draggable).toBe(false);
    fireEvent.dragStart(item('d'), { dataTransfer });
    fireEvent.dragOver(item('a'), { dataTransfer });
    expect(item('a').className).toContain('history-tab--drop-before');
    fireEvent.drop(item('a'), { dataTransfer });
    expect(moved()).toEqual(['/homepage', '/d', '/a', '/b', '/c']);
    onChange.mockClear();
    fireEvent.dragStart(item('a'), { dataTransfer });
    fireEvent.drop(item('控制台'), { dataTransfer });
    expect(onChange).not.toHaveBeenCalled();
  });
});
