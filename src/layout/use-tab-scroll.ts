/**
 * The history tabs' row scrolls sideways when the tabs do not fit (issue 51 item 6: with 28 tabs
 * the active one sat at x = 3296 in a 1930 px window, unseen). The active tab is scrolled into
 * view whenever it or the tabs change; the row says whether it overflows and whether either
 * end is reached, for the 向左滚动 / 向右滚动 arrows.
 */
import { useCallback, useLayoutEffect, useRef, useState, type WheelEvent } from 'react';

export interface TabScroll {
  overflows: boolean;
  atStart: boolean;
  atEnd: boolean;
}

const FITS: TabScroll = { overflows: false, atStart: true, atEnd: true };
/** Room left beside a tab scrolled into view, so that its neighbour shows it goes on. */
const MARGIN = 24;
/** An arrow scrolls by this share of the visible row. */
const STEP = 0.8;

function measure(row: HTMLElement): TabScroll {
  const overflows = row.scrollWidth > row.clientWidth + 1;
  if (!overflows) return FITS;
  return {
    overflows,
    atStart: row.scrollLeft <= 1,
    atEnd: row.scrollLeft + row.clientWidth >= row.scrollWidth - 1,
  };
}

const same = (a: TabScroll, b: TabScroll) =>
  a.overflows === b.overflows && a.atStart === b.atStart && a.atEnd === b.atEnd;

/** Scrolls `row` (no ancestor: the page itself never moves) so that `item` shows whole. */
function reveal(row: HTMLElement, item: HTMLElement): void {
  const left = item.offsetLeft - MARGIN;
  const right = item.offsetLeft + item.offsetWidth + MARGIN;
  if (left < row.scrollLeft) row.scrollLeft = Math.max(left, 0);
  else if (right > row.scrollLeft + row.clientWidth) row.scrollLeft = right - row.clientWidth;
}

export function useTabScroll<T extends HTMLElement>(activeKey: string, contentKey: unknown) {
  const row = useRef<T>(null);
  const [scroll, setScroll] = useState<TabScroll>(FITS);
  const update = useCallback(() => {
    const element = row.current;
    if (!element) return;
    const next = measure(element);
    setScroll((current) => (same(current, next) ? current : next));
  }, []);

  // The row's width follows the window and the sidebar.
  useLayoutEffect(() => {
    const element = row.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [update]);

  useLayoutEffect(() => {
    const element = row.current;
    const active = Array.from(element?.children ?? []).find(
      (item): item is HTMLElement => item instanceof HTMLElement && item.dataset.path === activeKey,
    );
    if (element && active) reveal(element, active);
    update();
  }, [activeKey, contentKey, update]);

  const scrollBy = (direction: -1 | 1) => {
    const element = row.current;
    if (element)
      element.scrollBy({ left: direction * element.clientWidth * STEP, behavior: 'smooth' });
  };

  // A mouse wheel turns vertically: over an overflowing row it scrolls the row sideways.
  const onWheel = (event: WheelEvent<T>) => {
    const element = row.current;
    if (!element || Math.abs(event.deltaY) <= Math.abs(event.deltaX)) return;
    element.scrollLeft += event.deltaY;
  };

  return { row, scroll, onScroll: update, onWheel, scrollBy };
}
