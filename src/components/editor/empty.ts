/**
 * Whether an editor value says nothing: no text and no media. An editor left empty still holds
 * markup (`<p></p>`, `<p><br></p>`, `&nbsp;`), so a required editor field tests this, not ''.
 * Plain string work, no DOM: the form engine's schema imports it without the editor.
 */
const MEDIA = /<(img|video|iframe|embed|table|hr|canvas)\b/i;

export function isBlankHtml(value: unknown): boolean {
  if (typeof value !== 'string') return true;
  if (MEDIA.test(value)) return false;
  const text = value
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, '')
    .replace(/[\s\u200b\u3000]/g, '');
  return text === '';
}
