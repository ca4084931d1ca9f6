/**
 * The routed view, with screens kept mounted but hidden (<Activity mode="hidden">) when
 * switched away from, so they keep their state. Only screens with an open tab and
 * keepAlive not false stay alive, at most `cap` of them (least recently shown go first).
 *
 * Showing a kept screen again is cheap: each screen keeps the element it was first rendered
 * with (same path, same route match), so React bails out of it instead of re-rendering the whole
 * screen, and the screens keep their DOM order (a switch moves no DOM subtree); only the
 * Activity modes of the screen left and the screen shown change.
 */
import { Activity, useState, type ReactNode } from 'react';
import { useLocation, useMatches, useOutlet } from 'react-router-dom';

export const KEEP_ALIVE_CAP = 10;

interface Props {
  /** Paths that may stay alive (the open tabs). */
  alivePaths: ReadonlySet<string>;
  cap?: number;
}

export interface KeptScreen {
  path: string;
  element: ReactNode;
  keepAlive: boolean;
  /** When it was last shown (a counter), for the least-recently-shown cap. */
  shown: number;
}

/**
 * The screens to keep after showing `current`, in the order they were first shown; a screen
 * already kept keeps its element. A screen leaves when its tab closes (its element is dropped,
 * so React unmounts it and its queries, listeners and DOM can go), when it opts out of
 * keep-alive, or past the cap (the least recently shown first, never the current one).
 */
export function nextKept(
  kept: readonly KeptScreen[],
  current: Omit<KeptScreen, 'shown'>,
  alivePaths: ReadonlySet<string>,
  cap: number,
): KeptScreen[] {
  const shown = kept.reduce((latest, entry) => Math.max(latest, entry.shown), 0) + 1;
  const next: KeptScreen[] = [];
  let found = false;
  for (const entry of kept) {
    if (entry.path === current.path) {
      found = true;
      next.push({ ...entry, keepAlive: current.keepAlive, shown });
    } else if (entry.keepAlive && alivePaths.has(entry.path)) next.push(entry);
  }
  if (!found) next.push({ ...current, shown });
  while (next.length > Math.max(cap, 1)) {
    const oldest = next.reduce((a, b) => (b.shown < a.shown ? b : a));
    next.splice(next.indexOf(oldest), 1);
  }
  return next;
}

export function KeepAliveOutlet({ alivePaths, cap = KEEP_ALIVE_CAP }: Props) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { keepAlive?: boolean } | undefined;
  const keepAlive = handle?.keepAlive !== false;

  // Updated while rendering when the screen or the open tabs change (React's "storing
  // information from previous renders" pattern): no ref is read or written during render.
  const [kept, setKept] = useState<KeptScreen[]>([]);
  const [shownFor, setShownFor] = useState<{ pathname: string; alivePaths: ReadonlySet<string> }>();
  if (shownFor?.pathname !== pathname || shownFor.alivePaths !== alivePaths) {
    setShownFor({ pathname, alivePaths });
    setKept(nextKept(kept, { path: pathname, element: outlet, keepAlive }, alivePaths, cap));
  }

  return (
    <>
      {kept.map((entry) => (
        <Activity
          key={entry.path}
          mode={entry.path === pathname ? 'visible' : 'hidden'}
          name={entry.path}
        >
          <div className="shell-view" data-path={entry.path}>
            {entry.element}
          </div>
        </Activity>
      ))}
    </>
  );
}
