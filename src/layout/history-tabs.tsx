/** The row of history tabs with its right-click menu (关闭, 关闭其他, 关闭右侧, 关闭左侧, 关闭全部). */
import { useRef, useState, type MouseEvent } from 'react';
import { ContextMenu } from 'primereact/contextmenu';
import type { MenuItem } from 'primereact/menuitem';
import { shell } from '@/locale/shell';
import {
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  isClosable,
  type HistoryTab,
  type TabChange,
} from './tabs';

interface Props {
  tabs: readonly HistoryTab[];
  activePath: string;
  onSelect: (path: string) => void;
  onChange: (change: TabChange) => void;
}

type Action = (tabs: readonly HistoryTab[], path: string, active: string) => TabChange;

export function HistoryTabs({ tabs, activePath, onSelect, onChange }: Props) {
  const menu = useRef<ContextMenu>(null);
  const [target, setTarget] = useState<string>(activePath);

  const run = (action: Action, path: string) => onChange(action(tabs, path, activePath));
  const index = tabs.findIndex((tab) => tab.path === target);
  const items: MenuItem[] = [
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
  ];

  const openMenu = (event: MouseEvent, path: string) => {
    event.preventDefault();
    setTarget(path);
    menu.current?.show(event);
  };

  return (
    <nav className="history-tabs" aria-label="history tabs">
      <ul role="tablist">
        {tabs.map((tab) => {
          const active = tab.path === activePath;
          return (
            <li
              key={tab.path}
              role="tab"
              aria-selected={active}
              data-path={tab.path}
              className={`history-tab${active ? ' history-tab--active' : ''}`}
              onClick={() => onSelect(tab.path)}
              onContextMenu={(event) => openMenu(event, tab.path)}
            >
              <span className="history-tab__title">{tab.title}</span>
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
      <ContextMenu model={items} ref={menu} className="history-tabs__menu" />
    </nav>
  );
}
