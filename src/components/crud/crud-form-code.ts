/**
 * The add/edit form's code: loaded by the form when it first opens (./lazy-dialogs.tsx) or ahead
 * of that by a list (./form-prefetch.ts); once loaded, the form opens without suspending.
 */
import { preloadable } from '@/lib/lazy';

export const crudFormCode = preloadable(() => import('./crud-form'));
