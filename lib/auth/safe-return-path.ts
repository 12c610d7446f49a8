const ORIGIN = 'http://dashboard.invalid';

/**
 * Only paths on this site: a crafted `?callbackUrl=` must not send a signed-in user elsewhere.
 * Control characters, spaces and backslashes are refused outright, because browsers drop or
 * rewrite them (`/\t/evil.example` becomes `//evil.example`, another site).
 */
export function safeReturnPath(value: unknown, fallback = '/robots'): string {
  if (typeof value !== 'string' || value === '' || value.length > 2000) return fallback;
  let candidate = value;
  if (/^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      candidate = `${url.pathname}${url.search}`;
    } catch {
      return fallback;
    }
  }
  if (/[\u0000-\u001f\u007f\s\\]/.test(candidate)) return fallback;
  if (!candidate.startsWith('/') || candidate.startsWith('//')) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(candidate, ORIGIN);
  } catch {
    return fallback;
  }
  if (resolved.origin !== ORIGIN || resolved.pathname.startsWith('/login')) return fallback;
  return `${resolved.pathname}${resolved.search}`;
}
