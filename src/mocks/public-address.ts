/**
 * Whether an IP address is one of the public internet's, for the remote image capture
 * (./catch-image): the server fetches an address a user gave it, so it must not reach itself,
 * its network or anything else that is not on the internet (loopback, private, link-local,
 * CGNAT, unique-local, multicast, unspecified, documentation and reserved ranges, and the IPv6
 * forms that carry an IPv4 address). IPv6 is judged by an allow-list: only global unicast
 * (2000::/3) outside its special-purpose blocks is public.
 *
 * No Node module here: the browser's mock judges literal addresses with it too.
 */

/** IPv4 blocks that are not the public internet's (IANA special-purpose registry). */
const NON_PUBLIC_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // the retired 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, the broadcast address included
];

/** The 32-bit value of a dotted IPv4 address (four decimal parts), or undefined. */
function ipv4Value(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return undefined;
    const byte = Number(part);
    if (byte > 255) return undefined;
    value = value * 256 + byte;
  }
  return value;
}

const NON_PUBLIC_V4_RANGES = NON_PUBLIC_V4.map(([base, bits]) => {
  const size = 2 ** (32 - bits);
  const start = ipv4Value(base) ?? 0;
  return { start, end: start + size - 1 };
});

function isPublicV4(value: number): boolean {
  return !NON_PUBLIC_V4_RANGES.some(({ start, end }) => value >= start && value <= end);
}

/** The eight 16-bit groups of an IPv6 address (a zone such as %eth0 dropped), or undefined. */
function ipv6Groups(text: string): number[] | undefined {
  const address = text.replace(/%.*$/, '');
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (half: string | undefined): number[] | undefined => {
    if (!half) return [];
    const groups: number[] = [];
    const pieces = half.split(':');
    for (const [index, piece] of pieces.entries()) {
      // The last piece may be a dotted IPv4 address (::ffff:127.0.0.1): two groups.
      if (index === pieces.length - 1 && piece.includes('.')) {
        const value = ipv4Value(piece);
        if (value === undefined) return undefined;
        groups.push(Math.floor(value / 65536), value % 65536);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) {
        groups.push(parseInt(piece, 16));
      } else {
        return undefined;
      }
    }
    return groups;
  };
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  if (!head || !tail) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return undefined;
  return [...head, ...Array.from({ length: missing }, () => 0), ...tail];
}

function isPublicV6(groups: readonly number[]): boolean {
  const [first = 0, second = 0] = groups;
  // IPv4-mapped (::ffff:a.b.c.d): a connection to it reaches the IPv4 address.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return isPublicV4((groups[6] ?? 0) * 65536 + (groups[7] ?? 0));
  // Only global unicast is public; everything else (::, ::1, fc00::/7, fe80::/10, ff00::/8,
  // the IPv4-compatible, NAT64 and translated forms…) lies outside 2000::/3.
  if (first >> 13 !== 0b001) return false;
  if (first === 0x2001 && second < 0x0200) return false; // 2001::/23 special purpose (Teredo…)
  if (first === 0x2001 && second === 0x0db8) return false; // documentation
  if (first === 0x2002) return false; // 6to4: an IPv4 address of any kind inside
  if (first >> 4 === 0x3ff) return false; // 3fff::/20 documentation
  return true;
}

/**
 * True when `address` (an IPv4 or IPv6 address as DNS or a URL gives it, IPv6 with or without
 * brackets) is on the public internet; false for every other address and for what is not an
 * address at all.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const v4 = ipv4Value(bare);
  if (v4 !== undefined) return isPublicV4(v4);
  const v6 = bare.includes(':') ? ipv6Groups(bare) : undefined;
  return v6 !== undefined && isPublicV6(v6);
}

/** True for a host name that is an IP address (as a URL writes it: IPv6 in brackets). */
export function isAddressLiteral(hostname: string): boolean {
  return hostname.startsWith('[') || ipv4Value(hostname.replace(/\.$/, '')) !== undefined;
}

/**
 * True when a URL's host may be fetched without looking it up: a public address literal, or a
 * name other than localhost (names are judged by their addresses once resolved, where that is
 * possible). The URL parser has already turned 0x7f000001, 2130706433, 0177.0.0.1 and 127.1
 * into 127.0.0.1.
 */
export function isPublicHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (isAddressLiteral(host)) return isPublicAddress(host);
  return host !== '' && host !== 'localhost' && !host.endsWith('.localhost');
}
