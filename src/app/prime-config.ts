/**
 * PrimeReact's global set-up (zh-CN locale, no ripple), shared by the lazily loaded parts that
 * render PrimeReact: the toast host and the signed-in providers. Kept out of the entry so the
 * login page needs no PrimeReact JavaScript at all.
 */
import { addLocale, locale, type APIOptions } from 'primereact/api';
import zhCN from 'primelocale/zh-CN.json';

addLocale('zh-CN', zhCN['zh-CN'] as Parameters<typeof addLocale>[1]);
locale('zh-CN');

export const PRIME_CONFIG: Partial<APIOptions> = { locale: 'zh-CN', ripple: false };
