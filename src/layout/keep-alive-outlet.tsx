/**
 * The routed view, with screens kept mounted but hidden (<Activity mode="hidden">) when
 * switched away from, so they keep their state. Only screens with an open tab and
 * keepAlive not false stay alive, at most `cap` of them (least recently shown go first).
 */
import { Activity, useRef, type ReactNode } from 'react';
import { useLocation, useMatches, useOutlet } from 'react-router-dom';

export const KEEP_ALIVE_CAP = 10;

interface Props {
  /** Paths that may stay alive (the open tabs). */
  alivePaths: ReadonlySet<string>;
  cap?: number;
}

export function KeepAliveOutlet({ alivePaths, cap = KEEP_ALIVE_CAP }: Props) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { keepAlive?: boolean } | undefined;
  const keepAlive = handle?.keepAlive !== false;
  const cache = useRef(new Map<string, { element: ReactNode; keepAlive: boolean }>());

  const entries = cache.current;
  // Least recently shown first: re-insert the current path at the end.
  entries.delete(pathname);
  entries.set(pathname, { element: outlet, keepAlive });
  for (const [path, entry] of entries) {
    if (path === pathname) continue;
    if (!entry.keepAlive || !alivePaths.has(path)) entries.delete(path);
  }
  while (entries.size > cap) {
    const oldest = entries.keys().next().value as string;
    entries.delete(oldest);
  }

  return (
    <>
      {[...entries].map(([path, entry]) => (
        <Activity key={path} mode={path === pathname ? 'visible' : 'hidden'} name={path}>
          <div className="shell-view" data-path={path}>
            {entry.element}
          </div>
        </Activity>
      ))}
    </>
  );
}
