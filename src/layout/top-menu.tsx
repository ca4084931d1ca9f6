/**
 * The header's top menu groups (spec: the first 9 top-level menus as tabs). In a window too
 * narrow for all of them (1366 or 1024 px wide: issue 51 item 6) those that do not fit go into
 * 更多, a drop-down at the row's end, instead of the page being scaled down to hold them.
 *
 * Which tabs fit is left to the browser: the row wraps and shows its first line only, so a tab
 * whose top is below the row's own top is hidden and listed under 更多.
 */
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { shell } from '@/locale/shell';
import { iconClass, type UserMenu } from './menu';

interface Props {
  groups: readonly UserMenu[];
  current: UserMenu | undefined;
  onPick: (group: UserMenu) => void;
}

/** How many of the row's tabs stand on its first line. */
function tabsOnFirstLine(row: HTMLElement): number {
  const tabs = Array.from(row.children);
  // The row is the tabs' offset parent (position: relative): the first line is at 0.
  const wrapped = tabs.findIndex((tab) => tab instanceof HTMLElement && tab.offsetTop > 0);
  return wrapped < 0 ? tabs.length : wrapped;
}

export const TopMenu = memo(function TopMenu({ groups, current, onPick }: Props) {
  const row = useRef<HTMLDivElement>(null);
  const more = useRef<Menu>(null);
  const [shown, setShown] = useState(groups.length);

  useLayoutEffect(() => {
    const element = row.current;
    if (!element) return;
    const measure = () => setShown(tabsOnFirstLine(element));
    measure();
    // The row's width changes with the window, the sidebar's toggle and 更多 itself.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [groups]);

  const hidden = groups.slice(shown);
  const items: MenuItem[] = hidden.map((group) => ({
    label: group.amenu_name,
    icon: iconClass(group.amenu_icon),
    className: group === current ? 'top-menu__more-item--active' : undefined,
    command: () => onPick(group),
  }));

  return (
    <nav className="top-menu" aria-label={shell.layout.topMenu}>
      <div className="top-menu__row" ref={row}>
        {groups.map((group, index) => (
          <button
            type="button"
            key={group.amenu_id}
            className={`top-menu__tab${group === current ? ' top-menu__tab--active' : ''}${index >= shown ? ' top-menu__tab--hidden' : ''}`}
            aria-current={group === current ? 'true' : undefined}
            onClick={() => onPick(group)}
          >
            <i className={iconClass(group.amenu_icon)} aria-hidden />
            <span>{group.amenu_name}</span>
          </button>
        ))}
      </div>
      {hidden.length > 0 && (
        <>
          <button
            type="button"
            className={`top-menu__tab top-menu__more${current && hidden.includes(current) ? ' top-menu__tab--active' : ''}`}
            aria-haspopup="menu"
            onClick={(event) => more.current?.toggle(event)}
          >
            <span>{shell.layout.moreMenus}</span>
            <i className="pi pi-angle-down" aria-hidden />
          </button>
          <Menu model={items} popup ref={more} className="top-menu__more-popup" />
        </>
      )}
    </nav>
  );
});
