/**
 * The editor's code, for React.lazy when a form shows it (./lazy.tsx) and for a list fetching it
 * ahead (form/controls/prefetch.ts): on its own so that the list carries no editor strings.
 */
export const loadEditorControl = () => import('./editor-control');
