/**
 * Every user-visible string. One file per area, one owner per file; the spec's quoted
 * messages appear verbatim (Chinese) or in natural Chinese where the spec quotes English.
 */
export { common } from './common';
