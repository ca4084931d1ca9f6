/**
 * The upload widgets' code, for the form controls when a form shows one (./lazy.tsx) and for a
 * list fetching it ahead (form/controls/prefetch.ts): on its own so that the list carries no
 * upload strings. Once loaded, a form opened later shows the widget without suspending.
 */
import { preloadable } from '@/lib/lazy';

export const uploadControlCode = preloadable(() => import('./upload-control'));
export const attachmentControlCode = preloadable(() => import('./attachment-control'));
