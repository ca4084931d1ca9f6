/**
 * 控制台: counts (administrators, unread messages, notices, pending approvals = the 内容审批
 * entry's wait_num), latest messages, and shortcuts to the most used screens.
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { formatTime } from '@/lib/format';
import { getUserInfo, getUsername } from '@/lib/session';
import { fillTemplate, shell } from '@/locale/shell';
import { iconClass, menuLeaves, menuPath, type UserMenu } from '@/layout/menu';
import { UNREAD_STATUS, unreadCountQuery, userMenuQuery } from '@/layout/shell-api';
import { HOME_TAB, tabsSnapshot } from '@/layout/tabs';
import { latestMessagesQuery, noticeCountQuery, userCountQuery } from './home-api';

const t = shell.home;
const SHORTCUTS = 8;

/** 内容审批, where the 待审批 card leads: its badge is the server's count of pending examinations. */
const EXAMINE_PATH = '/business/informationreportingexamine/list';

/**
 * 待审批: the examinations waiting for a decision — the 内容审批 entry's badge, not the sum of
 * every badge (which counted other screens' to-dos as approvals). Undefined (shown as —) for a
 * user whose menu has no 内容审批.
 */
function pendingApprovals(menus: readonly UserMenu[]): number | undefined {
  return menuLeaves(menus).find((item) => menuPath(item.amenu_address) === EXAMINE_PATH)?.wait_num;
}

/** The screens most worth a shortcut: the open tabs first, then the menu's order. */
function shortcuts(menus: readonly UserMenu[]): UserMenu[] {
  const leaves = menuLeaves(menus).filter((item) => !/^https?:/.test(item.amenu_address));
  const open = new Set(tabsSnapshot().map((tab) => tab.path));
  const ranked = [...leaves.filter((item) => open.has(menuPath(item.amenu_address))), ...leaves];
  const seen = new Set<string>();
  return ranked
    .filter((item) => {
      const path = menuPath(item.amenu_address);
      if (seen.has(path) || path === HOME_TAB.path) return false;
      seen.add(path);
      return true;
    })
    .slice(0, SHORTCUTS);
}

export default function Homepage() {
  const navigate = useNavigate();
  const menus = useQuery(userMenuQuery);
  const users = useQuery(userCountQuery);
  const notices = useQuery(noticeCountQuery);
  const unread = useQuery(unreadCountQuery);
  const latest = useQuery(latestMessagesQuery);
  const info = getUserInfo();
  const menuData = menus.data ?? [];

  const cards = [
    { label: t.users, value: users.data, icon: 'pi pi-users', tone: 'blue', to: '/system/user' },
    {
      label: t.unread,
      value: unread.data,
      icon: 'pi pi-envelope',
      tone: 'orange',
      to: '/system/message',
    },
    {
      label: t.notices,
      value: notices.data,
      icon: 'pi pi-megaphone',
      tone: 'green',
      to: '/system/notice',
    },
    {
      label: t.pending,
      value: pendingApprovals(menuData),
      icon: 'pi pi-check-square',
      tone: 'purple',
      to: EXAMINE_PATH,
    },
  ];

  return (
    <div className="homepage">
      <h1 className="homepage__welcome">
        {fillTemplate(t.welcome, { name: info?.nickname || getUsername() })}
      </h1>
      <div className="homepage__cards">
        {cards.map((card) => (
          <button
            type="button"
            key={card.label}
            className={`stat-card stat-card--${card.tone}`}
            onClick={() => void navigate(card.to)}
          >
            <i className={`${card.icon} stat-card__icon`} aria-hidden />
            <span className="stat-card__label">{card.label}</span>
            <strong className="stat-card__value" data-testid={`stat-${card.tone}`}>
              {card.value ?? '—'}
            </strong>
          </button>
        ))}
      </div>
      <div className="homepage__panels">
        <section className="home-panel">
          <h2>{t.latestMessages}</h2>
          {(latest.data ?? []).length === 0 ? (
            <p className="home-panel__empty">{shell.messages.empty}</p>
          ) : (
            <ul className="home-messages">
              {(latest.data ?? []).map((message) => (
                <li key={message.tm_id}>
                  <span
                    className={`home-messages__dot${message.tm_status === UNREAD_STATUS ? ' home-messages__dot--unread' : ''}`}
                  />
                  <span className="home-messages__title">{message.tm_title}</span>
                  <time>{formatTime(message.create_time)}</time>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="home-panel">
          <h2>{t.shortcuts}</h2>
          <div className="home-shortcuts">
            {shortcuts(menuData).map((item) => (
              <button
                type="button"
                key={item.amenu_id}
                className="home-shortcut"
                onClick={() => void navigate(menuPath(item.amenu_address))}
              >
                <i className={iconClass(item.amenu_icon)} aria-hidden />
                <span>{item.amenu_name}</span>
              </button>
            ))}
          </div>
        </section>
      </div>
    </div>
  );
}
