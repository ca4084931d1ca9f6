/**
 * Desktop scaling (spec sections 1 and 9): the layout is designed at 1930 × 980 and scaled
 * to the window; mobile devices are not scaled. The scaled box fills the window: at scale s
 * it is (innerWidth / s) × (innerHeight / s), never smaller than the design in both sides.
 */
import { useEffect, useState } from 'react';

export const DESIGN_WIDTH = 1930;
export const DESIGN_HEIGHT = 980;
export const MOBILE_MAX_WIDTH = 768;

export interface ShellScale {
  mobile: boolean;
  scale: number;
  width: number;
  height: number;
}

export function isMobileDevice(width: number, userAgent: string): boolean {
  return width < MOBILE_MAX_WIDTH || /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(userAgent);
}

export function computeScale(width: number, height: number, userAgent = ''): ShellScale {
  if (isMobileDevice(width, userAgent)) return { mobile: true, scale: 1, width, height };
  const scale = Math.min(width / DESIGN_WIDTH, height / DESIGN_HEIGHT);
  return { mobile: false, scale, width: width / scale, height: height / scale };
}

function measure(): ShellScale {
  return computeScale(window.innerWidth, window.innerHeight, navigator.userAgent);
}

export function useDesktopScale(): ShellScale {
  const [value, setValue] = useState(measure);
  useEffect(() => {
    const update = () => setValue(measure());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return value;
}
