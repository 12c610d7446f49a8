/**
 * The dashboard's security headers. Edge-safe (no Node APIs): the proxy sets the page policy with
 * its per-request nonce; the server in front of Next (scripts/front-door.ts) puts the fixed ones on
 * every answer, whatever produced it.
 */

/** A policy whose scripts run only with this response's nonce; no `eval` outside development (React's dev tools need it). */
export function contentSecurityPolicy(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    // Charts and React set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers every answer carries. */
export const STATIC_SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
];

/** Only when the public origin is HTTPS (fixed by AUTH_URL, or as the operator's proxy reports it): browsers ignore it over plain HTTP. */
export const HSTS = { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' } as const;
