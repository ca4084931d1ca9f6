/**
 * 日志管理: the read-only log list (no add, no edit) with its filters — operator and type in
 * the search bar, the time range here (start_time / end_time in seconds, applied with 搜索) —
 * and the detail dialog.
 */
import { Calendar } from 'primereact/calendar';
import { CrudPage, type CrudListController } from '@/components/crud';
import { logModule } from '@generated/modules/log';
import { settings as ts } from '@/locale/settings';

const t = ts.log;

/** The filters the time range sets (kept in the address with the search bar's). */
const TIME_RANGE_FILTERS = ['start_time', 'end_time'] as const;

function toDate(seconds: unknown): Date | null {
  const n = Number(seconds);
  return seconds === undefined || seconds === null || seconds === '' || !Number.isFinite(n)
    ? null
    : new Date(n * 1000);
}

/** The range picker over the list's draft filters: from the first day's start to the last day's end. */
function TimeRange({ list }: { list: Pick<CrudListController, 'filterDraft' | 'setFilter'> }) {
  const from = toDate(list.filterDraft.start_time);
  const to = toDate(list.filterDraft.end_time);
  return (
    <label className="log-range">
      <span>{t.timeRange}</span>
      <Calendar
        value={from ? [from, to] : null}
        selectionMode="range"
        readOnlyInput
        showButtonBar
        dateFormat="yy-mm-dd"
        placeholder={t.timeRangePlaceholder}
        aria-label={t.timeRange}
        onChange={(event) => {
          const [start, end] = event.value ?? [];
          const last = end ?? start;
          list.setFilter('start_time', start ? Math.floor(start.setHours(0, 0, 0, 0) / 1000) : '');
          list.setFilter(
            'end_time',
            last ? Math.floor(new Date(last).setHours(23, 59, 59, 999) / 1000) : '',
          );
        }}
      />
    </label>
  );
}

export default function LogPage() {
  return (
    <CrudPage
      module={logModule}
      toolbarExtra={(list) => <TimeRange list={list} />}
      ownFilters={TIME_RANGE_FILTERS}
    />
  );
}
