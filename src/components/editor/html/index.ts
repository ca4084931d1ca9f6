/**
 * The editor's HTML codec: blocks ⇄ the HTML the server stores, and the sanitiser every piece
 * of rich text passes. Pure DOM code (no Editor.js): runs in the browser and in jsdom.
 */
export { blocksToHtml, blockToHtml, tableHtml, tunesStyle } from './serialize';
export { htmlToBlocks } from './parse';
export { storedHtmlOf } from './stored';
export {
  escapeHtml,
  filterStyle,
  fontSizePx,
  IFRAME_SANDBOX,
  INLINE_STYLE_PROPERTIES,
  safeUrl,
  sanitizeEditorHtml,
  sanitizeInlineHtml,
  type UrlKind,
} from './sanitize';
export { videoEmbed, type VideoTarget } from './video';
export { localImageSources } from './word-images';
