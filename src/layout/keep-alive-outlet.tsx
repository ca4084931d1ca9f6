/**
 * The routed view, with screens kept mounted but hidden (<Activity mode="hidden">) when
 * switched away from, so they keep their state. Only screens with an open tab and
 * keepAlive not false stay alive, at most `cap` of them (least recently shown go first).
 */
import { Activity, useState, type ReactNode } from 'react';
import { useLocation, useMatches, useOutlet } from 'react-router-dom';

export const KEEP_ALIVE_CAP = 10;

interface Props {
  /** Paths that may stay alive (the open tabs). */
  alivePaths: ReadonlySet<string>;
  cap?: number;
}

interface KeptScreen {
  path: string;
  element: ReactNode;
  keepAlive: boolean;
}

/**
 * The screens to keep after showing `current`: least recently shown first, the current one
 * last; a screen leaves when its tab closes, when it opts out of keep-alive, or past the cap.
 */
export function nextKept(
  kept: readonly KeptScreen[],
  current: KeptScreen,
  alivePaths: ReadonlySet<string>,
  cap: number,
): KeptScreen[] {
  const others = kept.filter(
    (entry) => entry.path !== current.path && entry.keepAlive && alivePaths.has(entry.path),
  );
  return [...others, current].slice(-cap);
}

export function KeepAliveOutlet({ alivePaths, cap = KEEP_ALIVE_CAP }: Props) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { keepAlive?: boolean } | undefined;
  const keepAlive = handle?.keepAlive !== false;

  // Updated while rendering when the screen or the open tabs change (React's "storing
  // information from previous renders" pattern): no ref is read or written during render.
  // The shown screen always renders the live outlet; the kept element serves it once hidden.
  const [kept, setKept] = useState<KeptScreen[]>([]);
  const [shownFor, setShownFor] = useState<{ pathname: string; alivePaths: ReadonlySet<string> }>();
  if (shownFor?.pathname !== pathname || shownFor.alivePaths !== alivePaths) {
    setShownFor({ pathname, alivePaths });
    setKept(nextKept(kept, { path: pathname, element: outlet, keepAlive }, alivePaths, cap));
  }

  return (
    <>
      {kept.map((entry) => {
        const visible = entry.path === pathname;
        return (
          <Activity key={entry.path} mode={visible ? 'visible' : 'hidden'} name={entry.path}>
            <div className="shell-view" data-path={entry.path}>
              {visible ? outlet : entry.element}
            </div>
          </Activity>
        );
      })}
    </>
  );
}
