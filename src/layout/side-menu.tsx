/**
 * The sidebar's menu: the sub-menus of one top-level group, sections for entries with children,
 * links for entries that open a route of this app (with the wait_num badge), plain text for
 * the others. Memoised: it redraws only when the group or the active path changes. Collapsed
 * (a narrow window, or the header's toggle) it shows the icons only, each named by its tooltip.
 */
import { memo } from 'react';
import { Badge } from 'primereact/badge';
import { shell } from '@/locale/shell';
import { iconClass, menuPath, type UserMenu } from './menu';

export const SideMenu = memo(function SideMenu({
  group,
  activePath,
  onOpen,
  collapsed = false,
}: {
  group: UserMenu | undefined;
  activePath: string;
  onOpen: (path: string) => void;
  collapsed?: boolean;
}) {
  // A row of icons in one column: no indentation by depth.
  const indent = (depth: number) => ({ paddingLeft: collapsed ? undefined : 20 + depth * 14 });
  const tooltip = (item: UserMenu) => (collapsed ? item.amenu_name : undefined);
  const items = group?.children?.length ? group.children : group ? [group] : [];
  const renderItem = (item: UserMenu, depth: number) => {
    const path = menuPath(item.amenu_address);
    if (item.children?.length) {
      return (
        <li key={item.amenu_id} className="side-menu__section">
          <span className="side-menu__section-title">
            <i className={iconClass(item.amenu_icon)} aria-hidden />
            {item.amenu_name}
          </span>
          <ul>{item.children.map((child) => renderItem(child, depth + 1))}</ul>
        </li>
      );
    }
    if (!path) {
      // An address that is no route of this app (menu.ts) is shown, but never as a link.
      return (
        <li key={item.amenu_id}>
          <span
            className="side-menu__item side-menu__item--disabled"
            style={indent(depth)}
            title={tooltip(item)}
            aria-disabled="true"
          >
            <i className={iconClass(item.amenu_icon)} aria-hidden />
            <span className="side-menu__label">{item.amenu_name}</span>
          </span>
        </li>
      );
    }
    const active = path === activePath;
    return (
      <li key={item.amenu_id}>
        <a
          href={path}
          className={`side-menu__item${active ? ' side-menu__item--active' : ''}`}
          style={indent(depth)}
          title={tooltip(item)}
          aria-current={active ? 'page' : undefined}
          onClick={(event) => {
            // Ctrl/⌘/shift click: the browser opens the link in a new tab or window, which asks
            // this tab for the session (lib/session); a plain click opens the screen here.
            if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            onOpen(path);
          }}
        >
          <i className={iconClass(item.amenu_icon)} aria-hidden />
          <span className="side-menu__label">{item.amenu_name}</span>
          {item.wait_num > 0 && (
            <Badge value={item.wait_num} severity="danger" className="side-menu__badge" />
          )}
        </a>
      </li>
    );
  };
  return (
    <nav className="side-menu" aria-label={group?.amenu_name ?? ''}>
      {items.length === 0 ? (
        <p className="side-menu__empty">{shell.layout.noSubMenu}</p>
      ) : (
        <ul>{items.map((item) => renderItem(item, 0))}</ul>
      )}
    </nav>
  );
});
