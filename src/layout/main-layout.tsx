/**
 * The main layout (spec section 2): sidebar (240 px: logo, system title, sub-menus of the
 * current group with wait_num badges), header (60 px: first 9 top menus as tabs, all-apps
 * drawer, message bell, user dropdown), then history tabs, the breadcrumbs, the page title
 * unless hideTitle, and the routed view (kept alive). Laid out, not scaled, at every width: the
 * sidebar collapses to icons below 1200 px, top menus that do not fit go into 更多, phones get a drawer.
 */
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Sidebar as Drawer } from 'primereact/sidebar';
import { ProgressBar } from 'primereact/progressbar';
import { setMenuArr, setSystemSettings } from '@/lib/session';
import { getAccessRoutes, setAccessRoutes, subscribePermissions } from '@/lib/permissions';
import { shell } from '@/locale/shell';
import { AllAppsDrawer } from './all-apps-drawer';
import { Breadcrumbs, screenCrumbs } from './breadcrumbs';
import { HistoryTabs } from './history-tabs';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { firstAddress, groupOf, menuPaths, TOP_MENU_TABS, type UserMenu } from './menu';
import { MessageCenter } from './message-center';
import { useRouteTable } from './route-table-context';
import { SideMenu } from './side-menu';
import { SourceSignInHost } from './source-sign-in-host';
import { systemSettingQuery, userMenuQuery } from './shell-api';
import { SystemBrand } from './system-brand';
import { TopMenu } from './top-menu';
import { useShellWidth, useSidebarCollapse } from './use-shell-width';
import {
  HOME_TAB,
  hasOpenTab,
  openTab,
  tabsSnapshot,
  subscribeTabs,
  writeTabs,
  type TabChange,
} from './tabs';
import { useMessageSocket } from './use-message-socket';
import { UserMenu as UserDropdown } from './user-menu';
import { useOutsideMenu, useRightsRefresh } from './use-rights';
import { useScreenRefresh } from './use-screen-refresh';
import './shell.css';
import './shell-widths.css';

interface Handle {
  title?: string;
  parentPath?: string;
  hideTitle?: boolean;
}

// The layout re-renders on every navigation; its parts that do not depend on the path are
// memoised (with stable callbacks) so that showing a kept screen redraws only what changed.
const Brand = memo(SystemBrand);
const Messages = memo(MessageCenter);
const UserDropdownMemo = memo(UserDropdown);
const AppsDrawer = memo(AllAppsDrawer);

export function MainLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  const routeTable = useRouteTable();
  const width = useShellWidth();
  const mobile = width === 'mobile';
  const sidebar = useSidebarCollapse(width);
  const [appsOpen, setAppsOpen] = useState(false);
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  const [pickedGroup, setPickedGroup] = useState<UserMenu['amenu_id']>();

  const menus = useQuery(userMenuQuery);
  const settings = useQuery(systemSettingQuery);
  const menuData = useMemo(() => menus.data ?? [], [menus.data]);
  const paths = useMemo(() => menuPaths(menuData), [menuData]);

  useEffect(() => {
    if (settings.data) setSystemSettings(settings.data);
  }, [settings.data]);

  // Access routes of the action guard: every route the user's menu opens, with its operate
  // list. Screens render only once they are loaded, so no button flickers in or out.
  const access = useMemo(() => {
    if (!menus.data && !menus.isError) return undefined;
    const result: Record<string, readonly string[]> = {};
    for (const route of routeTable.routes) {
      if (
        paths.has(route.path) ||
        paths.has(route.parentPath ?? '') ||
        route.path === HOME_TAB.path
      )
        result[route.path] = route.operate ?? [];
    }
    return result;
  }, [menus.data, menus.isError, paths, routeTable.routes]);
  useLayoutEffect(() => {
    if (access) setAccessRoutes(access);
  }, [access]);
  const accessLoaded =
    useSyncExternalStore(subscribePermissions, getAccessRoutes, getAccessRoutes) !== undefined;

  useEffect(() => {
    if (menus.data) setMenuArr(menus.data);
  }, [menus.data]);

  useMessageSocket();
  useRightsRefresh();

  const handle = (matches[matches.length - 1]?.handle ?? {}) as Handle;
  const pathname = location.pathname;
  const outsideMenu = useOutsideMenu(access, pathname, routeTable);
  const tabs = useSyncExternalStore(subscribeTabs, tabsSnapshot, tabsSnapshot);
  const tabPath = tabs.some((tab) => tab.path === pathname)
    ? pathname
    : (handle.parentPath ?? pathname);

  // Opening a route adds a tab when absent and in the menu data. A sub-screen outside the menu
  // (opened by address or after a reload) opens its list's tab, which stays active for it.
  useEffect(() => {
    const tabFor = !paths.has(pathname) && handle.parentPath ? handle.parentPath : pathname;
    const title =
      routeTable.byPath.get(tabFor)?.title ?? (tabFor === pathname ? handle.title : undefined);
    const next = openTab(tabsSnapshot(), { path: tabFor, title: title ?? tabFor }, paths);
    writeTabs(next);
  }, [pathname, paths, routeTable.byPath, handle.title, handle.parentPath]);

  const alive = useMemo(() => new Set(tabs.map((tab) => tab.path)), [tabs]);
  const currentGroup =
    groupOf(menuData, pathname) ??
    (handle.parentPath ? groupOf(menuData, handle.parentPath) : undefined) ??
    menuData[0];

  const drawerGroup = menuData.find((group) => group.amenu_id === pickedGroup) ?? currentGroup;

  // The path the callbacks compare with, so they stay stable across navigations.
  const pathRef = useRef(pathname);
  useLayoutEffect(() => {
    pathRef.current = pathname;
  }, [pathname]);
  // The query string each screen was last shown with (a list's ?page=2&kw=…): showing its tab
  // again goes back there, so every tab keeps its list's search, page and order.
  const searches = useRef(new Map<string, string>());
  useLayoutEffect(() => {
    searches.current.set(pathname, location.search);
  }, [pathname, location.search]);
  const go = useCallback(
    (path: string) => {
      if (path === pathRef.current) return;
      // Showing a kept screen whose tab is open is no transition (no guard runs, see routes.tsx):
      // rendered within the click instead of a deferred transition, it appears in the next frame.
      const shownAtOnce = routeTable.byPath.get(path)?.keepAlive === true && hasOpenTab(path);
      void navigate(path + (searches.current.get(path) ?? ''), { flushSync: shownAtOnce });
    },
    [navigate, routeTable.byPath],
  );
  const open = useCallback(
    (path: string) => {
      setMobileMenuOpen(false);
      go(path);
    },
    [go],
  );
  const applyTabs = useCallback(
    (change: TabChange) => {
      writeTabs(change.tabs);
      if (change.navigateTo) go(change.navigateTo);
    },
    [go],
  );
  const refresh = useScreenRefresh(tabPath, go);
  const menuSettled = menus.data !== undefined || menus.isError;
  const crumbs = useMemo(
    () => (menuSettled ? screenCrumbs(menuData, tabPath, pathname, handle.title) : []),
    [menuSettled, menuData, tabPath, pathname, handle.title],
  );
  const hideApps = useCallback(() => setAppsOpen(false), []);
  const pickGroup = useCallback(
    (group: UserMenu) => {
      const target = firstAddress(group);
      if (target) open(target);
    },
    [open],
  );

  const topGroups = useMemo(() => menuData.slice(0, TOP_MENU_TABS), [menuData]);
  const frameClass = mobile ? ' shell--mobile' : sidebar.collapsed ? ' shell--collapsed' : '';

  return (
    <div className={`shell${frameClass}`} data-width={width}>
      {/* The first stop of the keyboard: past the menus and tabs to the screen itself. */}
      <a className="skip-link" href="#main-content">
        {shell.layout.skipToContent}
      </a>
      {!mobile && (
        <aside className="shell-sidebar">
          <Brand />
          <SideMenu
            group={currentGroup}
            activePath={tabPath}
            onOpen={open}
            collapsed={sidebar.collapsed}
          />
        </aside>
      )}
      {mobile && (
        <Drawer
          visible={mobileMenuOpen}
          onHide={() => {
            setMobileMenuOpen(false);
            setPickedGroup(undefined);
          }}
          className="shell-mobile-drawer"
          style={{ width: 280 }}
        >
          <Brand />
          <div className="shell-mobile-groups">
            {menuData.map((group) => (
              <button
                type="button"
                key={group.amenu_id}
                className={`shell-mobile-group${group === drawerGroup ? ' shell-mobile-group--active' : ''}`}
                onClick={() => setPickedGroup(group.amenu_id)}
              >
                {group.amenu_name}
              </button>
            ))}
          </div>
          <SideMenu group={drawerGroup} activePath={tabPath} onOpen={open} />
        </Drawer>
      )}
      <div className="shell-body">
        <header className="shell-header">
          {mobile && (
            <button
              type="button"
              className="shell-icon-button"
              aria-label={shell.layout.toggleMenu}
              onClick={() => setMobileMenuOpen(true)}
            >
              <i className="pi pi-bars" aria-hidden />
            </button>
          )}
          {mobile && <span className="shell-header__title">{handle.title}</span>}
          {!mobile && (
            <button
              type="button"
              className="shell-icon-button sidebar-toggle"
              aria-label={
                sidebar.collapsed ? shell.layout.expandSidebar : shell.layout.collapseSidebar
              }
              aria-expanded={!sidebar.collapsed}
              onClick={sidebar.toggle}
            >
              <i
                className={`pi ${sidebar.collapsed ? 'pi-angle-double-right' : 'pi-angle-double-left'}`}
                aria-hidden
              />
            </button>
          )}
          {!mobile && <TopMenu groups={topGroups} current={currentGroup} onPick={pickGroup} />}
          <div className="shell-header__actions">
            <button
              type="button"
              className="shell-icon-button all-apps-button"
              onClick={() => setAppsOpen(true)}
              aria-label={shell.layout.allApps}
            >
              <i className="pi pi-th-large" aria-hidden />
              {width === 'wide' && <span>{shell.layout.allApps}</span>}
            </button>
            <Messages />
            <UserDropdownMemo compact={width !== 'wide'} />
          </div>
        </header>
        <HistoryTabs
          tabs={tabs}
          activePath={tabPath}
          onSelect={open}
          onChange={applyTabs}
          onRefresh={refresh}
        />
        <main className="shell-content" id="main-content" tabIndex={-1}>
          <Breadcrumbs crumbs={crumbs} onOpen={open} />
          {!handle.hideTitle && handle.title && <h1 className="page-title">{handle.title}</h1>}
          {accessLoaded && !outsideMenu ? (
            <KeepAliveOutlet alivePaths={alive} />
          ) : (
            <ProgressBar mode="indeterminate" style={{ height: 4 }} />
          )}
        </main>
      </div>
      <AppsDrawer visible={appsOpen} onHide={hideApps} menus={menuData} onOpen={open} />
      <SourceSignInHost />
    </div>
  );
}
