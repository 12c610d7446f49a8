/**
 * Which address a request came from. `next start` passes a client's own `X-Forwarded-For` through
 * unchanged, so anyone could name any address; only the socket is known for sure. The address is
 * therefore settled here, where the socket is, and handed to the app as the only
 * `X-Forwarded-For` entry: the socket's address, or, when the socket is a trusted proxy, the
 * nearest address in the proxy's chain that is not itself a trusted proxy.
 */
import { BlockList, isIP } from 'node:net';
import { trustedProxyEntries } from '../lib/config/trusted-proxies';

export { trustedProxiesProblem } from '../lib/config/trusted-proxies';

/** The proxies whose `X-Forwarded-For` is believed; an empty spec trusts none. Call trustedProxiesProblem first. */
export function trustedProxies(spec: string | undefined): BlockList {
  const list = new BlockList();
  for (const entry of trustedProxyEntries(spec ?? '')) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/** `::ffff:127.0.0.1` is how a dual-stack socket reports an IPv4 peer. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The client's address: the socket's unless the socket is a trusted proxy; then the chain is read
 * from the right (each proxy appends the address it saw), skipping trusted proxies.
 */
export function clientAddressOf(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: BlockList,
): string {
  const peer = plain(socketAddress ?? '');
  if (!peer) return 'unknown';
  if (!isTrusted(trusted, peer)) return peer;
  const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((s) => plain(s.trim()))
    .filter(Boolean);
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = chain[i] ?? '';
    // A hop that is not an address at all was written by the client: stop believing the chain there.
    if (isIP(hop) === 0) return chain[i + 1] ?? peer;
    if (!isTrusted(trusted, hop)) return hop;
  }
  return chain[0] ?? peer;
}
