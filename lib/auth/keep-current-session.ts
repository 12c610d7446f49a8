import 'server-only';
import { cookies } from 'next/headers';
import { encode, getToken } from 'next-auth/jwt';
import { getEnv } from '@/lib/config/env';
import { SESSION_IDLE_SECONDS } from './session-lifetime';
import { SESSION_COOKIES } from './session-token';

/**
 * After a change that ended every session of the signed-in person (sessions begun at or before
 * `sessionsValidAfter` are refused), keeps the one that made the change: its cookie is issued again
 * as a sign-in made just after the cut-off. Proving the current password is a fresh sign-in, so the
 * session's absolute lifetime starts again from here.
 */
export async function keepCurrentSession(sessionsValidAfter: number): Promise<void> {
  const jar = await cookies();
  const secret = getEnv().AUTH_SECRET;
  const req = { headers: new Headers({ cookie: jar.toString() }) };
  for (const cookie of SESSION_COOKIES) {
    const token = await getToken({ req, secret, secureCookie: cookie.secure });
    if (!token) continue;
    const renewed = { ...token, loginAt: Math.max(Date.now(), sessionsValidAfter + 1) };
    const value = await encode({ token: renewed, secret, salt: cookie.name, maxAge: SESSION_IDLE_SECONDS });
    jar.set(cookie.name, value, { httpOnly: true, sameSite: 'lax', path: '/', secure: cookie.secure, maxAge: SESSION_IDLE_SECONDS });
    return;
  }
}
