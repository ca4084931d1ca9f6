/**
 * The editor's code, for the form control when a form shows it (./lazy.tsx) and for a list
 * fetching it ahead (form/controls/prefetch.ts): on its own so that the list carries no editor
 * strings. Once loaded, a form opened later shows the editor without suspending.
 */
import { preloadable } from '@/lib/lazy';

export const editorControlCode = preloadable(() => import('./editor-control'));
