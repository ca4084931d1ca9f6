/**
 * The editor's HTML codec: blocks ⇄ the HTML the server stores, and the sanitiser every piece
 * of rich text passes. Pure DOM code (no Editor.js): runs in the browser and in jsdom.
 */
export { blocksToHtml, blockToHtml, tableHtml, tunesStyle } from './serialize';
export { htmlToBlocks } from './parse';
export { storedHtmlOf } from './stored';
export { escapeHtml, sanitizeEditorHtml, sanitizeInlineHtml } from './sanitize';
export { IFRAME_SANDBOX } from './allow-lists';
export { filterStyle, fontSizePx, INLINE_STYLE_PROPERTIES } from './style-policy';
export { safeUrl, type UrlKind } from './url-policy';
export { videoEmbed, type VideoTarget } from './video';
export { localImageSources } from './word-images';
