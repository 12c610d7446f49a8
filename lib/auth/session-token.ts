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
  const req = { headers: new Headers({ cookie: cookieHeader }) };
  const secret = getEnv().AUTH_SECRET;
  for (const cookie of SESSION_COOKIES) {
    const token = await getToken({ req, secret, secureCookie: cookie.secure });
    if (token) return typeof token.email === 'string' ? { email: token.email, loginAt: Number(token.loginAt ?? 0) } : null;
  }
  return null;
}
