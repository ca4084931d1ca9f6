/**
 * The row of history tabs with its right-click menu (刷新, 关闭, 关闭其他, 关闭右侧, 关闭左侧,
 * 关闭全部, 向左移动, 向右移动). Each tab's title is a button (Enter or Space shows its screen; the
 * active one is aria-current); the arrow keys, Home and End move between the titles, Shift with
 * an arrow moves the focused tab; the context-menu key opens the menu of the focused tab. Tabs
 * other than the homepage are reordered by dragging them onto another tab. Tabs that do not fit
 * scroll sideways (the active one into view, 向左滚动 / 向右滚动 arrows), and 标签列表 lists them all.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { ContextMenu } from 'primereact/contextmenu';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { shell } from '@/locale/shell';
import {
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  isClosable,
  moveTab,
  type HistoryTab,
  type TabChange,
} from './tabs';
import { useTabDrag } from './use-tab-drag';
import { useTabScroll } from './use-tab-scroll';
import './history-tabs.css';

interface Props {
  tabs: readonly HistoryTab[];
  activePath: string;
  onSelect: (path: string) => void;
  onChange: (change: TabChange) => void;
  /** 刷新: reload the data of the screen of the tab at `path`. */
  onRefresh: (path: string) => void;
}

type Action = (tabs: readonly HistoryTab[], path: string, active: string) => TabChange;

function focusTitle(row: HTMLUListElement | null, index: number): void {
  row?.querySelectorAll<HTMLButtonElement>('.history-tab__title')[index]?.focus();
}

export function HistoryTabs({ tabs, activePath, onSelect, onChange, onRefresh }: Props) {
  const menu = useRef<ContextMenu>(null);
  const [target, setTarget] = useState<string>(activePath);
  // A tab moved from the keyboard or the menu has the focus once the row is redrawn in its new
  // order (set only when the order changes, so it is taken by the very next redraw).
  const focusAfterMove = useRef<string>(undefined);
  const { row, scroll, onScroll, onWheel, scrollBy } = useTabScroll<HTMLUListElement>(
    activePath,
    tabs,
  );
  const list = useRef<Menu>(null);
  useEffect(() => {
    const path = focusAfterMove.current;
    if (!path) return;
    focusAfterMove.current = undefined;
    focusTitle(
      row.current,
      tabs.findIndex((tab) => tab.path === path),
    );
  }, [tabs, row]);

  const run = (action: Action, path: string) => onChange(action(tabs, path, activePath));
  const move = (path: string, to: number) => {
    const change = moveTab(tabs, path, to);
    if (change.tabs.every((tab, i) => tab.path === tabs[i]?.path)) return;
    focusAfterMove.current = path;
    onChange(change);
  };
  const drag = useTabDrag(tabs, (path, to) => onChange(moveTab(tabs, path, to)));
  const index = tabs.findIndex((tab) => tab.path === target);
  const items: MenuItem[] = [
    { label: shell.tabs.refresh, icon: 'pi pi-refresh', command: () => onRefresh(target) },
    {
      label: shell.tabs.close,
      icon: 'pi pi-times',
      disabled: index <= 0,
      command: () => run(closeTab, target),
    },
    { label: shell.tabs.closeOthers, icon: 'pi pi-minus', command: () => run(closeOthers, target) },
    {
      label: shell.tabs.closeRight,
      icon: 'pi pi-arrow-right',
      disabled: index === tabs.length - 1,
      command: () => run(closeRight, target),
    },
    {
      label: shell.tabs.closeLeft,
      icon: 'pi pi-arrow-left',
      disabled: index <= 1,
      command: () => run(closeLeft, target),
    },
    { label: shell.tabs.closeAll, icon: 'pi pi-ban', command: () => run(closeAll, target) },
    { separator: true },
    {
      label: shell.tabs.moveLeft,
      icon: 'pi pi-angle-left',
      disabled: index <= 1,
      command: () => move(target, index - 1),
    },
    {
      label: shell.tabs.moveRight,
      icon: 'pi pi-angle-right',
      disabled: index <= 0 || index === tabs.length - 1,
      command: () => move(target, index + 1),
    },
  ];

  const listItems: MenuItem[] = tabs.map((tab) => ({
    label: tab.title,
    icon: tab.path === activePath ? 'pi pi-check' : 'pi pi-file',
    className: tab.path === activePath ? 'history-tabs__list-item--active' : undefined,
    command: () => onSelect(tab.path),
  }));

  const openMenu = (event: MouseEvent, path: string) => {
    event.preventDefault();
    setTarget(path);
    menu.current?.show(event);
  };

  /**
   * Arrow keys, Home and End move the focus along the titles (Tab leaves the row); Shift with
   * ←/→ moves the tab itself (the homepage stays first).
   */
  const onTitleKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (event.shiftKey && step !== undefined) {
      event.preventDefault();
      if (index > 0) move(tabs[index]!.path, index + step);
      return;
    }
    const last = tabs.length - 1;
    const next = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    focusTitle(row.current, Math.min(Math.max(next, 0), last));
  };

  return (
    <nav className="history-tabs" aria-label={shell.tabs.bar}>
      {scroll.overflows && (
        <button
          type="button"
          className="history-tabs__button"
          aria-label={shell.tabs.scrollLeft}
          disabled={scroll.atStart}
          onClick={() => scrollBy(-1)}
        >
          <i className="pi pi-angle-left" aria-hidden />
        </button>
      )}
      <ul ref={row} onScroll={onScroll} onWheel={onWheel}>
        {tabs.map((tab, index) => {
          const active = tab.path === activePath;
          return (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a pointer shortcut: keyboard users have the title button inside, which does the same
            <li
              key={tab.path}
              data-path={tab.path}
              className={`history-tab${active ? ' history-tab--active' : ''}${drag.className(tab.path)}`}
              {...drag.handlers(tab, index)}
              // Pointer clicks anywhere on the tab; Enter or Space on its title click the title.
              onClick={() => onSelect(tab.path)}
              onContextMenu={(event) => openMenu(event, tab.path)}
            >
              <button
                type="button"
                className="history-tab__title"
                aria-current={active ? 'page' : undefined}
                aria-keyshortcuts={isClosable(tab) ? 'Shift+ArrowLeft Shift+ArrowRight' : undefined}
                onKeyDown={(event) => onTitleKey(event, index)}
              >
                {tab.title}
              </button>
              {isClosable(tab) && (
                <button
                  type="button"
                  className="history-tab__close"
                  aria-label={`${shell.tabs.close} ${tab.title}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    run(closeTab, tab.path);
                  }}
                >
                  <i className="pi pi-times" aria-hidden />
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {scroll.overflows && (
        <button
          type="button"
          className="history-tabs__button"
          aria-label={shell.tabs.scrollRight}
          disabled={scroll.atEnd}
          onClick={() => scrollBy(1)}
        >
          <i className="pi pi-angle-right" aria-hidden />
        </button>
      )}
      <button
        type="button"
        className="history-tabs__button history-tabs__list"
        aria-label={shell.tabs.list}
        aria-haspopup="menu"
        onClick={(event) => list.current?.toggle(event)}
      >
        <i className="pi pi-angle-down" aria-hidden />
      </button>
      <Menu model={listItems} popup ref={list} className="history-tabs__list-popup" />
      <ContextMenu model={items} ref={menu} className="history-tabs__menu" />
    </nav>
  );
}
