/**
 * The upload widgets' code, for React.lazy when a form shows one (./lazy.tsx) and for a list
 * fetching it ahead (form/controls/prefetch.ts): on its own so that the list carries no upload
 * strings.
 */
export const loadUploadControl = () => import('./upload-control');
export const loadAttachmentControl = () => import('./attachment-control');
