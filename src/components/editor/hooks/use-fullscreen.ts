/**
 * Fullscreen (spec: no scaling, no auto-height; leaving restores the previous layout): the
 * editor covers the window and the page behind does not scroll.
 */
import { useCallback, useEffect, useState } from 'react';

export interface Fullscreen {
  fullscreen: boolean;
  toggle: () => void;
}

/** Escape leaves it: a shortcut of the command table (../commands/command-table.ts). */
export function useFullscreen(): Fullscreen {
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    if (!fullscreen) return undefined;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [fullscreen]);

  const toggle = useCallback(() => setFullscreen((on) => !on), []);
  return { fullscreen, toggle };
}
