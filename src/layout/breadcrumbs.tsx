/**
 * The breadcrumbs above the screen title: where the screen sits in the menu tree (系统管理 /
 * 管理员管理), then, for a sub-screen outside the menu, its own title after its list's. Groups
 * are plain text (they have no address: a group opens no screen of its own); a list above a
 * sub-screen is a link back to it; the last crumb is the screen shown.
 */
import { shell } from '@/locale/shell';
import { menuPath, menuTrail, type UserMenu } from './menu';

export interface Crumb {
  label: string;
  /** Set for a crumb that opens a screen. */
  path?: string;
}

/**
 * The crumbs of the screen at `pathname`, whose tab is `tabPath` (its list's for a sub-screen)
 * and whose route title is `title`.
 */
export function screenCrumbs(
  menus: readonly UserMenu[],
  tabPath: string,
  pathname: string,
  title: string | undefined,
): Crumb[] {
  const crumbs: Crumb[] = menuTrail(menus, tabPath).map((item) => ({
    label: item.amenu_name,
    path: menuPath(item.amenu_address) || undefined,
  }));
  if (title && (crumbs.length === 0 || pathname !== tabPath)) crumbs.push({ label: title });
  return crumbs;
}

interface Props {
  crumbs: readonly Crumb[];
  onOpen: (path: string) => void;
}

export function Breadcrumbs({ crumbs, onOpen }: Props) {
  // Until the menu has loaded there is no trail; the row keeps its height so the title and the
  // screen do not jump down when it comes.
  if (crumbs.length === 0) return <div className="breadcrumbs breadcrumbs--pending" />;
  return (
    <nav className="breadcrumbs" aria-label={shell.layout.breadcrumb}>
      <ol>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          const key = `${index}:${crumb.label}`;
          if (last)
            return (
              <li key={key}>
                <span aria-current="page">{crumb.label}</span>
              </li>
            );
          const { path } = crumb;
          return (
            <li key={key}>
              {path ? (
                <a
                  href={path}
                  onClick={(event) => {
                    event.preventDefault();
                    onOpen(path);
                  }}
                >
                  {crumb.label}
                </a>
              ) : (
                <span>{crumb.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
