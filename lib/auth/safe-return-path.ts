const ORIGIN = 'http://dashboard.invalid';

/**
 * A path a browser takes as this site: starts with one `/`, and holds no control character, space
 * or backslash (browsers drop or rewrite those: `/\t/evil.example` becomes `//evil.example`).
 */
function isSiteRelative(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !/[\u0000-\u001f\u007f\s\\]/.test(path);
}

/**
 * Only paths on this site: a crafted `?callbackUrl=` must not send a signed-in user elsewhere.
 * Both the input and what is returned are checked: resolving dot segments can turn an innocent
 * looking `/.//evil.example` or `/%2e//evil.example` into `//evil.example`, another site.
 */
export function safeReturnPath(value: unknown, fallback = '/robots'): string {
  if (typeof value !== 'string' || value.length > 2000) return fallback;
  let candidate = value;
  if (/^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      candidate = `${url.pathname}${url.search}`;
    } catch {
      return fallback;
    }
  }
  if (!isSiteRelative(candidate)) return fallback;
  // A path on a fixed base always parses; what it resolves to is checked below.
  const resolved = new URL(candidate, ORIGIN);
  const result = `${resolved.pathname}${resolved.search}`;
  if (!isSiteRelative(result) || resolved.pathname.startsWith('/login')) return fallback;
  return result;
}
