import type { NextAuthConfig } from 'next-auth';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_SECONDS } from './lib/auth/session-lifetime';

/** Paths a visitor may open without a session. The return page checks state through the API itself. */
const PUBLIC_PATHS = ['/login', '/channels/return', '/api/webhooks/partner', '/invite', '/api/health'];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Edge-safe part of the auth setup (no database), shared by proxy.ts and auth.ts. */
export const authConfig = {
  pages: { signIn: '/login' },
  session: { strategy: 'jwt', maxAge: SESSION_IDLE_SECONDS },
  trustHost: true,
  providers: [],
  callbacks: {
    authorized({ auth, request }) {
      if (isPublicPath(request.nextUrl.pathname)) return true;
      // A server action or route handler answers an ended session itself ("sign in again", with
      // what was typed kept); a redirect to the login page here would reach the page as a crash.
      if (request.headers.has('next-action') || request.nextUrl.pathname.startsWith('/api/')) return true;
      return Boolean(auth?.user);
    },
    jwt({ token, user }) {
      if (user) {
        token.role = user.role;
        token.uid = user.id;
        // `iat` is renewed whenever the cookie is refreshed; this marks when the sign-in happened.
        token.loginAt = Date.now();
      }
      // Refreshing the cookie on use would otherwise keep a session alive for ever.
      if (typeof token.loginAt !== 'number' || Date.now() - token.loginAt > SESSION_ABSOLUTE_MS) return null;
      return token;
    },
    session({ session, token }) {
      if (token.role === 'admin' || token.role === 'viewer') session.user.role = token.role;
      if (typeof token.loginAt === 'number') session.user.loginAt = token.loginAt;
      return session;
    },
  },
} satisfies NextAuthConfig;
