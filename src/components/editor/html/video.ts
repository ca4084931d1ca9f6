/**
 * Which video addresses the editor embeds, and how (decision for the video block, 420×280):
 * - the site's own files (a relative address, or this origin; uploads are /storage/…) and any
 *   http(s) address of a video file (.mp4 .webm .ogg .ogv .mov) play in a <video> element —
 *   no third-party code runs;
 * - a few well-known players (YouTube, Bilibili, Youku, Tencent Video, Vimeo) play in a
 *   sandboxed <iframe> with an https address; their share links are turned into the player's
 *   embed address;
 * - anything else is not embedded (the parser keeps it as a link, the sanitiser drops the frame).
 */

export interface VideoTarget {
  kind: 'iframe' | 'video';
  /** The address the frame or video element loads. */
  src: string;
}

const VIDEO_FILE = /\.(mp4|webm|ogg|ogv|mov)$/i;

/** Allowed player hosts → the path prefix of their embed pages. */
const PLAYERS: Record<string, string> = {
  'www.youtube.com': '/embed/',
  'www.youtube-nocookie.com': '/embed/',
  'player.bilibili.com': '/player.html',
  'player.youku.com': '/embed/',
  'v.qq.com': '/txp/iframe/player.html',
  'player.vimeo.com': '/video/',
};

function pageOrigin(): string | undefined {
  return typeof location === 'undefined' ? undefined : location.origin;
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url, 'https://relative.invalid');
  } catch {
    return undefined;
  }
}

/** A share link of a known site → its player's embed address. */
function shareToEmbed(url: URL): string | undefined {
  const host = url.hostname.replace(/^(m|www)\./, '');
  let match: RegExpExecArray | null;
  if (host === 'youtube.com' && url.pathname === '/watch' && url.searchParams.get('v'))
    return `https://www.youtube.com/embed/${encodeURIComponent(url.searchParams.get('v') ?? '')}`;
  if (host === 'youtu.be' && (match = /^\/([\w-]+)$/.exec(url.pathname)))
    return `https://www.youtube.com/embed/${match[1]}`;
  if (host === 'bilibili.com' && (match = /^\/video\/(BV\w+)/.exec(url.pathname)))
    return `https://player.bilibili.com/player.html?bvid=${match[1]}`;
  if (host === 'v.youku.com' && (match = /^\/v_show\/id_([\w=]+)\.html/.exec(url.pathname)))
    return `https://player.youku.com/embed/${match[1]}`;
  if (host === 'v.qq.com' && (match = /^\/x\/(?:page|cover\/\w+)\/(\w+)\.html/.exec(url.pathname)))
    return `https://v.qq.com/txp/iframe/player.html?vid=${match[1]}`;
  if (host === 'vimeo.com' && (match = /^\/(\d+)$/.exec(url.pathname)))
    return `https://player.vimeo.com/video/${match[1]}`;
  return undefined;
}

/** How an address is embedded, or undefined when it is not. */
export function videoEmbed(address: string): VideoTarget | undefined {
  const trimmed = address.trim();
  if (!trimmed) return undefined;
  const url = parse(trimmed.startsWith('//') ? `https:${trimmed}` : trimmed);
  if (!url) return undefined;
  const relative = url.origin === 'https://relative.invalid';
  if (relative) {
    // A relative address is the site's own file; no scheme tricks pass URL parsing as relative.
    return /^[/.\w]/.test(trimmed) && !/^[a-z][a-z0-9+.-]*:/i.test(trimmed)
      ? { kind: 'video', src: trimmed }
      : undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.origin === pageOrigin()) return { kind: 'video', src: trimmed };
  const prefix = PLAYERS[url.hostname];
  if (prefix && url.pathname.startsWith(prefix)) {
    url.protocol = 'https:';
    return { kind: 'iframe', src: url.href };
  }
  const embed = shareToEmbed(url);
  if (embed) return { kind: 'iframe', src: embed };
  if (VIDEO_FILE.test(url.pathname)) return { kind: 'video', src: trimmed };
  return undefined;
}
