/**
 * 全部应用: every menu entry (the groups beyond the first 9 included), searchable by keyword,
 * pinyin or pinyin initials (the pinyin data loads with the first keyword: pinyin-search.ts).
 */
import { useMemo, useState } from 'react';
import { Sidebar } from 'primereact/sidebar';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { shell } from '@/locale/shell';
import { iconClass, searchApps, type UserMenu } from './menu';
import { usePinyinMatch } from './pinyin-search';

interface Props {
  visible: boolean;
  onHide: () => void;
  menus: readonly UserMenu[];
  onOpen: (path: string) => void;
}

export function AllAppsDrawer({ visible, onHide, menus, onOpen }: Props) {
  const [keyword, setKeyword] = useState('');
  const pinyin = usePinyinMatch(keyword.trim() !== '');
  const entries = useMemo(() => searchApps(menus, keyword, pinyin), [menus, keyword, pinyin]);
  const groups = useMemo(() => {
    const map = new Map<string, typeof entries>();
    for (const entry of entries) map.set(entry.group, [...(map.get(entry.group) ?? []), entry]);
    return [...map];
  }, [entries]);

  return (
    <Sidebar
      visible={visible}
      position="left"
      onHide={onHide}
      style={{ width: 524, maxWidth: '100vw' }}
      header={<h2 className="drawer-title">{shell.layout.allApps}</h2>}
      className="all-apps"
    >
      <IconField iconPosition="left" className="all-apps__search">
        <InputIcon className="pi pi-search" />
        <InputText
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          placeholder={shell.layout.allAppsSearch}
          aria-label={shell.layout.allAppsSearch}
          className="w-full"
        />
      </IconField>
      {groups.length === 0 && <p className="all-apps__empty">{shell.layout.allAppsEmpty}</p>}
      {groups.map(([group, items]) => (
        <section key={group} className="all-apps__group">
          <h3>{group}</h3>
          <ul>
            {items.map((item) => (
              <li key={item.path}>
                <button
                  type="button"
                  className="all-apps__item"
                  onClick={() => {
                    onOpen(item.path);
                    onHide();
                  }}
                >
                  <i className={iconClass(item.icon)} aria-hidden />
                  <span>{item.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Sidebar>
  );
}
