import NextAuth from 'next-auth';
import { authConfig } from './auth.config';

// Redirects visitors without a session to /login; every page and action still checks for itself.
export default NextAuth(authConfig).auth;

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon.ico|.*\\.(?:png|svg|ico)$).*)'],
};
