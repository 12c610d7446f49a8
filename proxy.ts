import NextAuth from 'next-auth';
import { NextResponse } from 'next/server';
import { authConfig } from './auth.config';
import { isDevelopmentServer } from './lib/config/process-env';
import { forwardedOrigin } from './lib/http/forwarded-origin';
import { contentSecurityPolicy } from './lib/security/headers';

const { auth } = NextAuth(authConfig);

/**
 * Redirects visitors without a session to /login (every page and action still checks for itself),
 * and gives each answer a fresh nonce and the policy that allows only scripts carrying it.
 */
export default auth((request) => {
  // With a handler of its own the proxy must send visitors without a session to sign-in itself.
  if (!authConfig.callbacks.authorized({ auth: request.auth, request })) {
    // On the origin the browser used (the server in front holds it to AUTH_URL when that is set), not this server's own.
    const own = { scheme: request.nextUrl.protocol.replace(/:$/, ''), host: request.nextUrl.host };
    const signIn = new URL('/login', forwardedOrigin((name) => request.headers.get(name), own) ?? request.nextUrl.origin);
    signIn.searchParams.set('callbackUrl', `${request.nextUrl.pathname}${request.nextUrl.search}`);
    return NextResponse.redirect(signIn);
  }
  const nonce = btoa(crypto.randomUUID());
  const policy = contentSecurityPolicy(nonce, isDevelopmentServer());
  const requestHeaders = new Headers(request.headers);
  // Next reads the policy from the request to put the nonce on its own scripts.
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  // The fixed headers and HSTS go on every answer in the server in front of Next (scripts/front-door.ts).
  response.headers.set('Content-Security-Policy', policy);
  return response;
});

export const config = {
  // The upload relay checks the session itself and is left out, so large files are not buffered here.
  // The receiver and the health check are for machines, need no session and answer JSON: they skip
  // the session decode and the page policy (next.config.ts still gives them the static headers).
  matcher: ['/((?!_next/static|_next/image|favicon.ico|api/attachments|api/webhooks/partner|api/health|.*\\.(?:png|svg|ico)$).*)'],
};
