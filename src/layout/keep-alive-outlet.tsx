/**
 * The routed view, with screens kept mounted but hidden (<Activity mode="hidden">) when
 * switched away from, so they keep their state. Only screens with an open tab and
 * keepAlive not false stay alive, at most `cap` of them (least recently shown go first).
 *
 * Showing a kept screen again is cheap: each screen keeps the element it was first rendered
 * with (same path, same route match), so React bails out of it instead of re-rendering the whole
 * screen, and the screens keep their DOM order (a switch moves no DOM subtree); only the
 * Activity modes of the screen left and the screen shown change.
 *
 * Each screen also sees the address it was last shown at. React renders a hidden screen's address
 * readers again on every navigation (at low priority), and they would read the address of the
 * screen shown: its permission guards answering for another route and address-driven state (a
 * list's or the field designer's ?module=) following an address that is not its own, changing
 * hidden DOM for nothing. React Router's location context is the only seam for that (it has no
 * public provider), hence UNSAFE_LocationContext.
 */
import { Activity, useState, type ReactNode } from 'react';
import {
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useMatches,
  useNavigationType,
  useOutlet,
  type Location,
  type NavigationType,
} from 'react-router-dom';

export const KEEP_ALIVE_CAP = 10;

interface Props {
  /** Paths that may stay alive (the open tabs). */
  alivePaths: ReadonlySet<string>;
  cap?: number;
}

/** What React Router's location context holds: the address a kept screen sees. */
export interface ScreenAddress {
  location: Location;
  navigationType: NavigationType;
}

export interface KeptScreen {
  path: string;
  element: ReactNode;
  keepAlive: boolean;
  /** The address it was last shown at; one object per address, so a hidden screen's stays put. */
  address: ScreenAddress;
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
      const address =
        entry.address.location === current.address.location ? entry.address : current.address;
      next.push({ ...entry, keepAlive: current.keepAlive, address, shown });
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
  const location = useLocation();
  const navigationType = useNavigationType();
  const { pathname } = location;
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { keepAlive?: boolean } | undefined;
  const keepAlive = handle?.keepAlive !== false;

  // Updated while rendering when the screen or the open tabs change (React's "storing
  // information from previous renders" pattern): no ref is read or written during render.
  const [kept, setKept] = useState<KeptScreen[]>([]);
  const [shownFor, setShownFor] = useState<{
    location: Location;
    alivePaths: ReadonlySet<string>;
  }>();
  if (shownFor?.location !== location || shownFor.alivePaths !== alivePaths) {
    setShownFor({ location, alivePaths });
    setKept(
      nextKept(
        kept,
        { path: pathname, element: outlet, keepAlive, address: { location, navigationType } },
        alivePaths,
        cap,
      ),
    );
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
            <LocationContext value={entry.address}>{entry.element}</LocationContext>
          </div>
        </Activity>
      ))}
    </>
  );
}
