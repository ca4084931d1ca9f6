/**
 * PrimeReact's global set-up (zh-CN locale, no ripple), shared by the lazily loaded parts that
 * render PrimeReact: the toast host and the signed-in providers. Kept out of the entry so the
 * login page needs no PrimeReact JavaScript at all.
 */
import { addLocale, locale, type APIOptions } from 'primereact/api';
import zhCN from 'primelocale/zh-CN.json';

addLocale('zh-CN', zhCN['zh-CN'] as Parameters<typeof addLocale>[1]);
locale('zh-CN');

export const PRIME_CONFIG: Partial<APIOptions> = {
  locale: 'zh-CN',
  ripple: false,
  pt: {
    // A drop-down mirrors its value into a visually hidden, unfocusable <select> for forms; the
    // labelled combobox is what assistive technology should meet, not an unnamed second control.
    dropdown: { select: { 'aria-hidden': true } },
    // A switch is its inner role="switch" input (named by its label or aria-label); the wrapper
    // PrimeReact also marks as a checkbox would be a control nested around a control.
    inputswitch: { root: { role: 'none', 'aria-checked': undefined, 'aria-label': undefined } },
  },
};
