/**
 * Stands in for the `tldts` package in the demo build only (vite.config.ts aliases it there).
 * msw keeps request cookies in a tough-cookie jar, and tough-cookie asks tldts for a host's
 * registrable domain (`getDomain`, its only import from tldts); the real answer needs the whole
 * public-suffix list, about half of the demo's mock chunk.
 *
 * This answers with the last two labels (`a.b.example.com` → `example.com`) and, like tldts,
 * nothing for an IP address or a single label. That is right for the mock's own origin — the
 * demo serves the app and its in-browser mock from one host (localhost, 127.0.0.1 or the host
 * the static files are on), and only that host's cookies ever reach the jar — which is all the
 * demo needs. It is wrong for multi-label public suffixes (`example.co.uk`, `user.github.io`),
 * so it must never replace tldts in a build that talks to real servers.
 */

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The registrable domain of a host name, or null (tldts's answer for IPs and bare labels). */
export function getDomain(hostname: string, _options?: unknown): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (!host || host.includes(':') || IPV4.test(host)) return null;
  const labels = host.split('.');
  return labels.length < 2 ? null : labels.slice(-2).join('.');
}
