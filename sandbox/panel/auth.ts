import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { html } from './html';
import { PANEL, render, type PanelDeps, type PanelEnv } from './context';
import { CSRF_FIELD, SESSION_COOKIE } from './session';

/**
 * Pages with secrets on them: never cached, never framed, no referrer, no scripts at all (the
 * panel needs none), forms only back to this origin.
 */
export const panelHeaders: MiddlewareHandler<PanelEnv> = async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Frame-Options', 'DENY');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
};

/** "Login required" (spec, Authentication 6): every page but the sign-in form needs a session. */
export function requireSession(deps: PanelDeps): MiddlewareHandler<PanelEnv> {
  return async (c, next) => {
    if (c.req.path === `${PANEL}/login`) return next();
    const session = deps.sessions.verify(getCookie(c, SESSION_COOKIE));
    if (!session) {
      if (c.req.method === 'GET' || c.req.method === 'HEAD') {
        return c.redirect(`${PANEL}/login?next=${encodeURIComponent(c.req.path)}`, 303);
      }
      return render(
        c,
        {
          title: 'Sign in first',
          body: html`<p>Your session is missing or has ended. <a href="${PANEL}/login">Sign in</a> and send the form again.</p>`,
        },
        401,
      );
    }
    c.set('session', session);
    c.set('csrf', deps.sessions.csrfToken(session));
    if (c.req.method === 'POST') {
      const body = await c.req.parseBody({ all: true });
      const presented = body[CSRF_FIELD];
      if (typeof presented !== 'string' || !deps.sessions.csrfValid(session, presented)) {
        return render(
          c,
          {
            title: 'Form refused',
            body: html`<p role="alert">This form did not come from your panel session (its CSRF token is missing or wrong), so nothing was changed. Go back, reload the page and try again.</p><p><a href="${PANEL}/accounts">Accounts</a></p>`,
          },
          403,
        );
      }
    }
    return next();
  };
}
