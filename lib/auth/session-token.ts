import 'server-only';
import { cookies } from 'next/headers';
import { getToken } from 'next-auth/jwt';
import { getEnv } from '@/lib/config/env';

export type SessionClaims = { email: string; loginAt: number };

/** Auth.js's session cookie: `__Secure-` behind HTTPS, plain otherwise; each is encrypted with its own name. */
export const SESSION_COOKIES = [
  { name: '__Secure-authjs.session-token', secure: true },
  { name: 'authjs.session-token', secure: false },
] as const;

/**
 * The session cookie's claims, decrypted and checked for expiry, or null. Pages and actions read the
 * cookie this way rather than through Auth.js's `auth()`, which also re-encrypts a refreshed cookie
 * that a render cannot set (about 4 ms of a 35 ms page here); proxy.ts refreshes the cookie.
 * Only the cookie is read: the token Auth.js would also take from an Authorization header is not
 * a way into the dashboard.
 */
export async function readSessionClaims(): Promise<SessionClaims | null> {
  const cookieHeader = (await cookies()).toString();
  if (!cookieHeader) return null;
  const now = Date.now();
  const known = decrypted.get(cookieHeader);
  if (known && known.until > now) return known.claims;
  const req = { headers: new Headers({ cookie: cookieHeader }) };
  const secret = getEnv().AUTH_SECRET;
  for (const cookie of SESSION_COOKIES) {
    const token = await getToken({ req, secret, secureCookie: cookie.secure });
    if (!token) continue;
    const claims = typeof token.email === 'string' ? { email: token.email, loginAt: Number(token.loginAt ?? 0) } : null;
    remember(cookieHeader, claims, typeof token.exp === 'number' ? token.exp * 1000 : now, now);
    return claims;
  }
  return null;
}

/**
 * Claims already decrypted, by the exact cookie header they came from: the same bytes under the same
 * secret always decrypt to the same claims, and each decryption costs the server's one thread about
 * 2 ms of every page. Kept until the token's own expiry and at most a minute; whether the user may
 * still use them (signed out, disabled, role) is checked against the store on every request.
 */
const DECRYPTED_KEEP_MS = 60_000;
const DECRYPTED_MAX = 1_000;
const decrypted = new Map<string, { claims: SessionClaims | null; until: number }>();

function remember(cookieHeader: string, claims: SessionClaims | null, expiresAt: number, now: number): void {
  if (decrypted.size >= DECRYPTED_MAX) decrypted.clear();
  decrypted.set(cookieHeader, { claims, until: Math.min(expiresAt, now + DECRYPTED_KEEP_MS) });
}
