import NextAuth from 'next-auth';
import { authConfig } from './auth.config';

// Redirects visitors without a session to /login; every page and action still checks for itself.
export default NextAuth(authConfig).auth;

export const config = {
  // The upload relay checks the session itself and is left out, so large files are not buffered here.
  matcher: ['/((?!_next/static|_next/image|favicon.ico|api/attachments|.*\\.(?:png|svg|ico)$).*)'],
};
