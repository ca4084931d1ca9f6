/**
 * Which addresses a network attachment may have (issue 51 item 12b): a web address, never
 * `javascript:`, `data:` or another scheme that would run or embed something where the address
 * lands (a link, an image, the previewer). One rule for the dialog and the mock backend.
 */

/** Whether `text` is an absolute http:// or https:// address with a host. */
export function isWebAddress(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/**
 * A web address, or a path on the server's own site ('/storage/…', as it answers its uploads'
 * addresses; a network attachment may point at a file already kept). '//host' is another site's
 * address without a scheme and `\` is read as `/` by browsers: neither is a site path.
 */
export function isWebOrSiteAddress(text: string): boolean {
  const trimmed = text.trim();
  if (isWebAddress(trimmed)) return true;
  return /^\/(?![/\\])/.test(trimmed) && !trimmed.includes('\\');
}
