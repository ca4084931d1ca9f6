/**
 * The parts of the CRUD tables drawn as plain elements with the theme's DataTable / TreeTable
 * classes: the header cell (sortable ones as PrimeReact draws them — focusable, Enter or Space
 * to sort, aria-sort, the same icons), the loading mask, and what a list that failed to load shows
 * instead of its rows. PrimeReact's tables resolve their pass-through options for every cell
 * they draw, which made a page of 80 rows ≈ 13 × slower than React drawing the same cells
 * (README, bench:ui).
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { Button } from 'primereact/button';
import { SortAltIcon } from 'primereact/icons/sortalt';
import { SortAmountDownIcon } from 'primereact/icons/sortamountdown';
import { SortAmountUpAltIcon } from 'primereact/icons/sortamountupalt';
import { SpinnerIcon } from 'primereact/icons/spinner';
import { isApiError } from '@/lib/request';
import { crud as t } from '@/locale/crud';
import type { ListSort } from './use-crud-list';

/** A sort event of PrimeReact's tree table as the list's order: asc → desc → none. */
export function sortOf(
  field: string | undefined,
  order: number | null | undefined,
): ListSort | null {
  return field && order ? { field, order: order === 1 ? 'asc' : 'desc' } : null;
}

/** The order after a click on `field`'s header: ascending, then descending, then none. */
export function nextSort(current: ListSort | null | undefined, field: string): ListSort | null {
  if (current?.field !== field) return { field, order: 'asc' };
  return current.order === 'asc' ? { field, order: 'desc' } : null;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** One column header; given `onSort`, clicking it (or Enter / Space on it) changes the order. */
export function HeaderCell({
  field,
  title,
  sort,
  onSort,
  className,
}: {
  field?: string;
  title: ReactNode;
  sort?: ListSort | null;
  onSort?: (sort: ListSort | null) => void;
  className?: string;
}) {
  if (!onSort || !field)
    return (
      <th className={className}>
        <div className="p-column-header-content">
          <span className="p-column-title">{title}</span>
        </div>
      </th>
    );
  const order = sort?.field === field ? sort.order : undefined;
  const Icon = !order ? SortAltIcon : order === 'asc' ? SortAmountUpAltIcon : SortAmountDownIcon;
  const change = () => onSort(nextSort(sort, field));
  return (
    <th
      className={`p-sortable-column${order ? ' p-highlight' : ''}${className ? ` ${className}` : ''}`}
      tabIndex={0}
      aria-sort={order ? ARIA_SORT[order] : 'none'}
      onClick={change}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key !== 'Enter' && e.key !== ' ') return;
        e.preventDefault();
        change();
      }}
    >
      <div className="p-column-header-content">
        <span className="p-column-title">{title}</span>
        <span>
          <Icon className="p-sortable-column-icon" />
        </span>
      </div>
    </th>
  );
}

/** The mask over a table while it loads (`kind` names the theme's class: datatable or treetable). */
export function LoadingMask({ kind }: { kind: 'datatable' | 'treetable' }) {
  return (
    <div className={`p-${kind}-loading-overlay p-component-overlay`}>
      <SpinnerIcon className={`p-${kind}-loading-icon`} spin />
    </div>
  );
}

/**
 * What a list that could not be loaded shows in place of its rows: why (the message the request
 * client showed: 服务暂时不可用…, 网络错误…) and 重试, which asks for the same page again.
 */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  // Only the request client's messages are meant for the user (a thrown Error may be English).
  const reason = isApiError(error) ? error.message.trim() : '';
  return (
    <span className="crud-list__load-failure">
      <span className="p-error">{reason ? t.loadFailedBecause(reason) : t.loadFailed}</span>
      <Button
        type="button"
        icon="pi pi-refresh"
        label={t.retry}
        outlined
        size="small"
        onClick={onRetry}
      />
    </span>
  );
}
