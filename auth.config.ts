import type { NextAuthConfig } from 'next-auth';

/** Paths a visitor may open without a session. The return page checks state through the API itself. */
const PUBLIC_PATHS = ['/login', '/channels/return', '/api/webhooks/partner'];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Edge-safe part of the auth setup (no database), shared by proxy.ts and auth.ts. */
export const authConfig = {
  pages: { signIn: '/login' },
  session: { strategy: 'jwt', maxAge: 8 * 60 * 60 },
  trustHost: true,
  providers: [],
  callbacks: {
    authorized({ auth, request: { nextUrl } }) {
      if (isPublicPath(nextUrl.pathname)) return true;
      return Boolean(auth?.user);
    },
    jwt({ token, user }) {
      if (user) {
        token.role = user.role;
        token.uid = user.id;
        // `iat` is renewed whenever the cookie is refreshed; this marks when the sign-in happened.
        token.loginAt = Date.now();
      }
      return token;
    },
    session({ session, token }) {
      if (token.role === 'admin' || token.role === 'viewer') session.user.role = token.role;
      if (typeof token.loginAt === 'number') session.user.loginAt = token.loginAt;
      return session;
    },
  },
} satisfies NextAuthConfig;
