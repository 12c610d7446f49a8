import type { Context, MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './env';

/**
 * Security headers of every answer, from hono/secure-headers. Pages carry no script at all and
 * their one inline stylesheet is allowed by a per-response nonce (`styleNonce`), so the policy
 * needs neither `unsafe-inline` nor `unsafe-eval`. Nothing may frame a page (`frame-ancestors
 * 'none'` and `X-Frame-Options: DENY`): the consent screen's Approve button must not be
 * clickjackable, and the panel shows secrets.
 */

const HSTS = 'max-age=31536000; includeSubDomains';

const common = {
  xFrameOptions: 'DENY',
  referrerPolicy: 'no-referrer',
  xContentTypeOptions: true,
  // Sent only when the request arrived over TLS (see `hsts` below): a browser ignores it over
  // plain HTTP, and a local sandbox on http://127.0.0.1 must not pin anything.
  strictTransportSecurity: false,
} as const;

const policy = {
  defaultSrc: ["'none'"],
  styleSrc: [NONCE],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
};

/** Panel, reference and home pages, and every JSON answer: forms may only post back here. */
const strict = secureHeaders({ ...common, contentSecurityPolicy: { ...policy, formAction: ["'self'"] } });

/**
 * The consent screen: its forms post here, but the answer is a 303 to the partner's return URL, and
 * browsers apply `form-action` to that redirect too, so the directive is left out rather than
 * listing every partner's origin.
 */
const consent = secureHeaders({ ...common, contentSecurityPolicy: policy });

/**
 * Signed attachment URLs (D14) are opened or embedded by whoever holds one, from the partner's own
 * origin: no CSP (a PDF viewer is a plugin) and a cross-origin resource policy.
 */
const files = secureHeaders({ ...common, crossOriginResourcePolicy: 'cross-origin' });

/** Whether TLS ended at this server, as @hono/node-server itself decides the URL's scheme. */
export function arrivedOverTls(env: unknown): boolean {
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return false;
  const { incoming } = env;
  if (typeof incoming !== 'object' || incoming === null || !('socket' in incoming)) return false;
  const { socket } = incoming;
  return typeof socket === 'object' && socket !== null && 'encrypted' in socket && socket.encrypted === true;
}

export interface SecurityHeaderPaths {
  /** Path prefix of the consent screen (D9). */
  consent: string;
  /** Path prefix of the signed attachment URLs (D14). */
  files: string;
}

export function securityHeaders(paths: SecurityHeaderPaths): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const chosen = c.req.path.startsWith(paths.consent) ? consent : c.req.path.startsWith(paths.files) ? files : strict;
    await chosen(c, next);
    if (arrivedOverTls(c.env)) c.res.headers.set('Strict-Transport-Security', HSTS);
  };
}

/**
 * The nonce a page's inline `<style nonce="…">` must carry; set by `securityHeaders` before any
 * handler runs. Any context: the panel's env extends the app's.
 */
export function styleNonce(c: Context): string {
  const nonce: unknown = c.get('secureHeadersNonce');
  // Only reachable for a page rendered outside the middleware: a programming error.
  if (typeof nonce !== 'string') throw new Error('page rendered without securityHeaders');
  return nonce;
}

/** The headers of an answer built outside Hono (a request Node or the adapter refused), as above. */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'same-origin',
};
