/**
 * Fullscreen (spec: no scaling, no auto-height; leaving restores the previous layout): the
 * editor covers the window and the page behind does not scroll.
 */
import { useCallback, useEffect, useState } from 'react';

export interface Fullscreen {
  fullscreen: boolean;
  toggle: () => void;
}

/** `dialogOpen`: Escape is the dialog's then, not fullscreen's. */
export function useFullscreen(dialogOpen: boolean): Fullscreen {
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    if (!fullscreen) return undefined;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !dialogOpen) setFullscreen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener('keydown', onKey);
    };
  }, [fullscreen, dialogOpen]);

  const toggle = useCallback(() => setFullscreen((on) => !on), []);
  return { fullscreen, toggle };
}
