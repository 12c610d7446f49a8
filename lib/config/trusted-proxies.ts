import { isIP } from 'node:net';

/** Why a TRUSTED_PROXIES entry is unusable, or null when every entry is an address or CIDR range. */
export function trustedProxiesProblem(spec: string): string | null {
  for (const entry of trustedProxyEntries(spec)) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    if (family === 0 || extra !== undefined || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits)))
      return `"${entry}" is not an IP address or CIDR range (e.g. 127.0.0.1, 10.0.0.0/8, ::1)`;
  }
  return null;
}

/** The entries of a TRUSTED_PROXIES list, blanks dropped. */
export const trustedProxyEntries = (spec: string) =>
  spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
