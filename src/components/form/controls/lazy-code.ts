/**
 * The code of the controls few forms show, whose PrimeReact parts are large (date and time
 * pickers, tree selects and the region picker, the slider, the password field): loaded with the
 * first form that shows one (./lazy-controls.tsx), or ahead of it by a list (./prefetch.ts). A
 * form that uses none of them — 公告管理's — downloads none of their code. Names the loaders
 * only, so that what fetches ahead carries none of the controls.
 */
import { preloadable } from '@/lib/lazy';

export const calendarCode = preloadable(() => import('./calendar'));
export const selectTreeCode = preloadable(() => import('./select-tree'));
export const cityCode = preloadable(() => import('./city'));
export const sliderCode = preloadable(() => import('./slider'));
export const passwordCode = preloadable(() => import('./password'));

/** All of them: for a screen that may show any control type (the designer's preview). */
export const LAZY_CONTROL_CODES = [
  calendarCode,
  cityCode,
  passwordCode,
  selectTreeCode,
  sliderCode,
];
