/**
 * The word-image hint (spec section 2): HTML pasted from Word refers to its images on the local
 * disk (file:///C:/…/clip_image001.png), which the browser cannot upload by itself and the
 * sanitiser drops. Read from the pasted HTML before sanitising, these addresses tell the editor
 * to show the hint (and how many images need the 图片转存 upload).
 */

/** The local (file:) image addresses of pasted HTML, once each, in order. */
export function localImageSources(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const found: string[] = [];
  const add = (value: string | null | undefined) => {
    const address = (value ?? '').trim();
    if (/^file:/i.test(address) && !found.includes(address)) found.push(address);
  };
  for (const img of Array.from(doc.querySelectorAll('img'))) add(img.getAttribute('src'));
  // Word's VML fallback: <v:imagedata src="file:///…">, parsed as an unknown element.
  for (const element of Array.from(doc.getElementsByTagName('v:imagedata')))
    add(element.getAttribute('src'));
  return found;
}
