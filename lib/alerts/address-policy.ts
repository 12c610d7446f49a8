import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where an alert may be posted. An admin types the destination URL, and the dashboard server
 * makes the request from inside its own network, so without these rules the URL field would let
 * anyone with admin rights reach the server's neighbours (databases, cloud metadata at
 * 169.254.169.254, admin panels on loopback). docs/dashboard/alert-destinations-safety.md.
 */
export interface AddressPolicyOptions {
  /** Plain http: `true` anywhere, `'loopback'` only when every address is loopback (sandbox mode). */
  allowHttp?: boolean | 'loopback';
  /** Private, loopback, link-local, unique-local, CGNAT and reserved addresses all allowed. */
  allowPrivate?: boolean;
  /** Loopback only (127.0.0.0/8, ::1 and their IPv4-mapped forms), for the sandbox and tests. */
  allowLoopback?: boolean;
}

export type AddressKind =
  'public' | 'loopback' | 'private' | 'link-local' | 'unique-local' | 'carrier-grade NAT' | 'unspecified' | 'multicast' | 'reserved';

/** What kind of address this is, IPv4-mapped and NAT64 IPv6 judged by the IPv4 address inside; null when it is no IP address. */
export function classifyAddress(address: string): AddressKind | null {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) === 0) return null;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv4') return ipv4Kind((parsed as ipaddr.IPv4).range());
  const v6 = parsed as ipaddr.IPv6;
  // ::ffff:a.b.c.d reaches a.b.c.d on a dual-stack socket, so it is that address.
  if (v6.isIPv4MappedAddress()) return ipv4Kind(v6.toIPv4Address().range());
  const range = v6.range();
  // 64:ff9b::/96 is a NAT64 gateway's way of writing an IPv4 address: the gateway connects to it.
  if (range === 'rfc6052' && v6.parts[2] === 0 && v6.parts[3] === 0 && v6.parts[4] === 0 && v6.parts[5] === 0) {
    const [hi = 0, lo = 0] = v6.parts.slice(6);
    return ipv4Kind(new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]).range());
  }
  switch (range) {
    case 'unicast':
      return 'public';
    case 'loopback':
      return 'loopback';
    case 'linkLocal':
      return 'link-local';
    case 'uniqueLocal':
      return 'unique-local';
    case 'unspecified':
      return 'unspecified';
    case 'multicast':
      return 'multicast';
    default:
      // Tunnels (6to4, Teredo), translation prefixes and documentation ranges: either not a real
      // destination or one whose IPv4 end cannot be judged from here.
      return 'reserved';
  }
}

function ipv4Kind(range: ReturnType<ipaddr.IPv4['range']>): AddressKind {
  switch (range) {
    case 'unicast':
      return 'public';
    case 'loopback':
      return 'loopback';
    case 'private':
      return 'private';
    case 'linkLocal':
      return 'link-local';
    case 'carrierGradeNat':
      return 'carrier-grade NAT';
    case 'unspecified':
      return 'unspecified';
    case 'multicast':
      return 'multicast';
    default:
      return 'reserved';
  }
}

/**
 * Whether an address of this kind may be connected to. Unspecified (0.0.0.0, ::) and multicast are
 * refused even under allowPrivate: they are no destination for a POST, and 0.0.0.0 quietly means
 * "this machine" on Linux, which is how loopback filters get bypassed.
 */
export function kindAllowed(kind: AddressKind, options: AddressPolicyOptions): boolean {
  if (kind === 'public') return true;
  if (kind === 'unspecified' || kind === 'multicast') return false;
  if (options.allowPrivate) return true;
  return kind === 'loopback' && options.allowLoopback === true;
}

export type AddressDecision = { ok: true } | { ok: false; message: string };

/**
 * Judges every address a host resolves to: one forbidden address refuses the whole host, since the
 * connection could otherwise be steered to it by answering addresses in a chosen order.
 */
export function decideAddresses(
  addresses: readonly string[],
  protocol: 'http:' | 'https:',
  options: AddressPolicyOptions,
  how: 'resolves to' | 'points at' = 'resolves to',
  subject = 'the URL',
): AddressDecision {
  if (addresses.length === 0) return { ok: false, message: 'the host has no address' };
  for (const address of addresses) {
    const kind = classifyAddress(address);
    if (kind === null) return { ok: false, message: `${subject} ${how} "${address}", which is not an IP address` };
    if (!kindAllowed(kind, options)) {
      return { ok: false, message: `${subject} ${how} ${address}, ${article(kind)} ${kind} address; alerts go only to public addresses` };
    }
  }
  if (protocol === 'http:' && options.allowHttp === 'loopback' && !addresses.every((a) => classifyAddress(a) === 'loopback')) {
    return { ok: false, message: 'plain http is allowed only to this machine (loopback); use an https URL' };
  }
  return { ok: true };
}

// Only 'unspecified' takes "an": "unique" starts with a consonant sound.
const article = (kind: AddressKind) => (kind === 'unspecified' ? 'an' : 'a');

export type UrlCheck =
  { ok: true; url: URL; protocol: 'http:' | 'https:'; host: string; literal: boolean } | { ok: false; message: string };

/** The URL's own rules: scheme, no credentials; the host is bare (brackets removed) for resolving. */
export function checkUrl(raw: string, options: AddressPolicyOptions): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: 'the destination is not a valid URL' };
  }
  const protocol = url.protocol;
  if (protocol !== 'https:' && protocol !== 'http:') {
    return { ok: false, message: `the URL must start with https:// (got ${protocol})` };
  }
  if (protocol === 'http:' && !options.allowHttp) {
    return { ok: false, message: 'the URL must use https; plain http would send alerts readable and changeable on the way' };
  }
  if (url.username !== '' || url.password !== '') {
    // Credentials in a URL end up in logs and error messages; receivers put their secret in the path.
    return { ok: false, message: 'the URL must not contain a user name or password (user:pass@)' };
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') return { ok: false, message: 'the URL has no host' };
  return { ok: true, url, protocol, host, literal: isIP(host) !== 0 };
}
