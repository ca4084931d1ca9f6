/**
 * Remote image capture (spec: "remote image capture", /ueditor/ue?action=catchimage): an image
 * of another site that enters the editor — pasted, in HTML loaded into the editor, typed in the
 * source view, given by address in the image dialog or picked from the attachment library — is
 * copied to the own server first, so the stored rich text never makes a reader's browser fetch
 * from another site (the sanitiser would show such an image only as a link, ./html/sanitize.ts).
 *
 * The foreign addresses go to the server in one batch; a captured one takes the own address the
 * server answers, one the server could not copy (or answered with another foreign address) is
 * removed, and the user is told once how many were removed. Raw HTML is read with DOMParser,
 * which loads nothing, and only then sanitised and shown: the browser never fetches the remote
 * image itself.
 */
import { useCallback, useState } from 'react';
import { notify } from '@/lib/notify';
import { catchRemoteImages } from '@/lib/ueditor';
import { editorStatus } from '@/locale/editor';
import { isEmoticon } from './html/allow-lists';
import { ownImageUrl, safeUrl } from './html/url-policy';
import { EDITOR_LIMITS } from './model/blocks';

/** Cheap first look: an <img> whose address has a scheme or starts with two slashes. */
const MAY_HAVE_REMOTE = /<img\b[^>]*\ssrc\s*=\s*["']?\s*(?:[a-z][a-z0-9+.-]*:|[/\\]{2})/i;

/** An image address of another site: not the site's own, yet one a browser would fetch. */
export function isRemoteImage(address: string): boolean {
  return ownImageUrl(address) === undefined && safeUrl(address, 'media') !== undefined;
}

/** The remote image addresses of raw HTML, once each, in order. */
export function remoteImageSources(html: string): string[] {
  if (!MAY_HAVE_REMOTE.test(html)) return [];
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // A set, not a list searched for each image: a pasted page with thousands of images stays
  // linear.
  const found = new Set<string>();
  for (const img of Array.from(doc.querySelectorAll('img[src]'))) {
    const src = (img.getAttribute('src') ?? '').trim();
    if (isRemoteImage(src)) found.add(src);
  }
  return [...found];
}

/**
 * Captures remote addresses in one batch: source → own address for each one the server copied.
 * A source missing from the answer was not captured (the whole call failing counts so too).
 */
export async function captureRemote(sources: readonly string[]): Promise<Map<string, string>> {
  const own = new Map<string, string>();
  if (sources.length === 0) return own;
  // Quiet: the editor says once what was lost, instead of one message per failure mode.
  const result = await catchRemoteImages(sources, { quiet: true });
  if (!result.ok) return own;
  for (const source of sources) {
    const answered = result.replacements.get(source);
    const kept = answered === undefined ? undefined : ownImageUrl(answered);
    if (kept !== undefined) own.set(source, kept);
  }
  return own;
}

/** The HTML with each remote image swapped for its captured copy or removed, and how many went. */
export async function captureRemoteImagesInHtml(
  html: string,
): Promise<{ html: string; removed: number }> {
  const sources = remoteImageSources(html);
  if (sources.length === 0) return { html, removed: 0 };
  const own = await captureRemote(sources);
  const doc = new DOMParser().parseFromString(html, 'text/html');
  let removed = 0;
  for (const img of Array.from(doc.querySelectorAll('img[src]'))) {
    const src = (img.getAttribute('src') ?? '').trim();
    if (!isRemoteImage(src)) continue;
    const url = own.get(src);
    if (url === undefined) {
      img.remove();
      removed += 1;
      continue;
    }
    // UEditor's emoticons are known by their remote address; the copy keeps them emoticons.
    if (isEmoticon(img)) img.classList.add('emoticon');
    img.setAttribute('src', url);
    img.removeAttribute('srcset');
  }
  return { html: doc.body.innerHTML, removed };
}

function tellRemoved(count: number): void {
  if (count > 0)
    notify.warn(editorStatus.remoteImagesRemoved(count), EDITOR_LIMITS.uploadErrorShowMs);
}

export interface RemoteImages {
  /** True while a capture runs (the editor is inert meanwhile and says so). */
  capturing: boolean;
  /** HTML entering the editor, with its remote images captured or removed. */
  ownHtml: (html: string) => Promise<string>;
  /**
   * Image addresses entering the editor → the address to use: own ones as they are, remote ones
   * captured; an address missing from the map is not to be inserted.
   */
  ownUrls: (urls: readonly string[]) => Promise<Map<string, string>>;
}

/** The editor's side of the capture: one call per batch, the busy state, one message. */
export function useRemoteImages(): RemoteImages {
  const [running, setRunning] = useState(0);

  const busy = useCallback(async <T>(work: () => Promise<T>): Promise<T> => {
    setRunning((n) => n + 1);
    try {
      return await work();
    } finally {
      setRunning((n) => n - 1);
    }
  }, []);

  const ownHtml = useCallback(
    async (html: string) => {
      if (remoteImageSources(html).length === 0) return html;
      const result = await busy(() => captureRemoteImagesInHtml(html));
      tellRemoved(result.removed);
      return result.html;
    },
    [busy],
  );

  const ownUrls = useCallback(
    async (urls: readonly string[]) => {
      const result = new Map<string, string>();
      const remote: string[] = [];
      for (const url of urls) {
        const own = ownImageUrl(url);
        if (own !== undefined) result.set(url, own);
        else if (isRemoteImage(url) && !remote.includes(url)) remote.push(url);
      }
      if (remote.length === 0) return result;
      const captured = await busy(() => captureRemote(remote));
      captured.forEach((own, source) => result.set(source, own));
      tellRemoved(remote.length - captured.size);
      return result;
    },
    [busy],
  );

  return { capturing: running > 0, ownHtml, ownUrls };
}
