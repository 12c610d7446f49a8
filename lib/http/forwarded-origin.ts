/**
 * The origin a request was addressed to as the browser saw it: a proxy's forwarded host and scheme
 * when it sends them, else the request's own. Edge-safe, so the proxy, route handlers and the
 * server in front of Next all read it the same way.
 */

/** The first of a comma-separated header's values (a chain of proxies appends its own). */
export function firstValue(value: string | readonly string[] | null | undefined): string | undefined {
  const text = typeof value === 'string' ? value : value?.[0];
  return text?.split(',')[0]?.trim() || undefined;
}

export type HeaderReader = (name: string) => string | readonly string[] | null | undefined;

/** The scheme and host as forwarded; `own` is what the connection itself says. */
export function forwardedParts(header: HeaderReader, own: { scheme: string; host: string }): { scheme: 'http' | 'https'; host: string } {
  const host = firstValue(header('x-forwarded-host')) ?? firstValue(header('host')) ?? own.host;
  const scheme = firstValue(header('x-forwarded-proto')) ?? own.scheme;
  return { scheme: scheme === 'https' ? 'https' : 'http', host };
}

/** As an origin; through URL, so a default port stated in Host ("example.com:443") compares equal to the browser's Origin. */
export function forwardedOrigin(header: HeaderReader, own: { scheme: string; host: string }): string | null {
  const { scheme, host } = forwardedParts(header, own);
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return null;
  }
}
