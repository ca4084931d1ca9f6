/**
 * 公告: the reading view of the published notices (status 发布) — titles on the left, newest
 * first, with a search; the chosen notice on the right with its type, time and its body as
 * sanitised rich text. Editing lives in 公告管理.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { optionText } from '@/components/crud';
import { RichText } from '@/components/crud/rich-text';
import {
  adminnoticeList,
  getAdminnoticeListQueryKey,
} from '@generated/api/adminnotice/adminnotice';
import { noticeModule } from '@generated/modules/notice';
import { formatTime } from '@/lib/format';
import { settings as ts } from '@/locale/settings';
import './settings.css';

const t = ts.notic;
/** Published notices (the status switch's 发布). */
const PUBLISHED = 1;
const PAGE_SIZE = 100;
const typeOptions = noticeModule.fields.find((f) => f.cf_fieldname === 'notice_type')?.optionData;

export default function NoticPage() {
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<number>();
  const params = {
    status: PUBLISHED,
    pageindex: 1,
    pagesize: PAGE_SIZE,
    ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
  } as const;
  const list = useQuery({
    queryKey: getAdminnoticeListQueryKey(params),
    queryFn: ({ signal }) => adminnoticeList(params, undefined, signal),
    placeholderData: keepPreviousData,
  });
  const notices = [...(list.data?.data?.data ?? [])].sort(
    (a, b) => Number(b.create_time) - Number(a.create_time),
  );
  const notice = notices.find((n) => n.id === chosen) ?? notices[0];

  return (
    <section className="settings-split notic" aria-label={t.listTitle}>
      <nav className="settings-panel" aria-label={t.listTitle}>
        <h2>{t.listTitle}</h2>
        <InputText
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder={t.search}
          aria-label={t.search}
          className="w-full notic__search"
        />
        {notices.length === 0 && !list.isFetching && <p className="settings-empty">{t.empty}</p>}
        <ul className="settings-list">
          {notices.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                aria-current={n.id === notice?.id}
                onClick={() => setChosen(n.id)}
              >
                {n.notice_title}
                <span className="settings-list__meta">{formatTime(n.create_time)}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <article className="settings-panel notic__body" aria-label={notice?.notice_title ?? t.pick}>
        {notice ? (
          <>
            <h1 className="notic__title">{notice.notice_title}</h1>
            <p className="notic__meta">
              <Tag
                value={optionText(typeOptions, notice.notice_type) ?? String(notice.notice_type)}
              />
              <span>{t.publishedAt(formatTime(notice.create_time))}</span>
            </p>
            <RichText value={notice.notice_content} />
          </>
        ) : (
          <p className="settings-empty">{t.pick}</p>
        )}
      </article>
    </section>
  );
}
