/**
 * How wide the shell is laid out (issue 51 item 6). The spec's desktop design (1930 × 980) was
 * once scaled down to the window: 71 % at 1366, 53 % at 1024, text of 7 to 10 px. Now the shell
 * is laid out at its natural size for any width: phones and windows narrower than 768 px get the
 * drawer menu, windows narrower than 1200 px start with the sidebar collapsed to its icons.
 */
import { useState, useSyncExternalStore } from 'react';

export const MOBILE_MAX_WIDTH = 768;
export const NARROW_MAX_WIDTH = 1200;

/** mobile: drawer menu; narrow: sidebar of icons unless opened; wide: the 240 px sidebar. */
export type ShellWidth = 'mobile' | 'narrow' | 'wide';

export function isMobileDevice(width: number, userAgent: string): boolean {
  return width < MOBILE_MAX_WIDTH || /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(userAgent);
}

export function shellWidth(width: number, userAgent = ''): ShellWidth {
  if (isMobileDevice(width, userAgent)) return 'mobile';
  return width < NARROW_MAX_WIDTH ? 'narrow' : 'wide';
}

function subscribeResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

// A resize redraws the layout only when the width class changes, not at every pixel.
const measure = (): ShellWidth => shellWidth(window.innerWidth, navigator.userAgent);

export function useShellWidth(): ShellWidth {
  return useSyncExternalStore(subscribeResize, measure, measure);
}

/**
 * The sidebar's collapse: collapsed to icons in a narrow window, open in a wide one, and the
 * header's toggle overrides that until the window crosses into another width class (which
 * forgets it: back in the first class, the sidebar is as that class has it).
 */
export function useSidebarCollapse(width: ShellWidth): {
  collapsed: boolean;
  toggle: () => void;
} {
  const [choice, setChoice] = useState<{ width: ShellWidth; collapsed: boolean }>();
  // Derived from the width while rendering (React's pattern for state that follows a prop).
  if (choice && choice.width !== width) setChoice(undefined);
  const collapsed = choice?.width === width ? choice.collapsed : width === 'narrow';
  return { collapsed, toggle: () => setChoice({ width, collapsed: !collapsed }) };
}
