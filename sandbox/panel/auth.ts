import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { BODY_LIMITS, pageBodyLimit } from '../http/body-limit';
import { html } from './html';
import { PANEL, render, type PanelDeps, type PanelEnv } from './context';
import { CSRF_FIELD, SESSION_COOKIE } from './session';

/**
 * Pages with secrets on them are never cached. Framing, referrer, scripts and form targets are
 * ruled for every page of the sandbox by `http/security-headers.ts`.
 */
export const panelHeaders: MiddlewareHandler<PanelEnv> = async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
};

/**
 * Every panel form, before the session and CSRF checks read it: a body over the cap is a 413 page
 * and one that cannot be parsed (a broken multipart body) a 400 page. Hono keeps the parsed form,
 * so the later reads of the same body cost nothing.
 */
export const panelForms: MiddlewareHandler<PanelEnv>[] = [
  pageBodyLimit(BODY_LIMITS.panelForm, (c) =>
    render(
      c,
      {
        title: 'Form too large',
        body: html`<p role="alert">The form sent is over ${BODY_LIMITS.panelForm} bytes, so nothing was read or changed.</p>`,
      },
      413,
    ),
  ),
  async (c, next) => {
    if (c.req.method !== 'POST') return next();
    try {
      await c.req.parseBody({ all: true });
    } catch {
      return render(
        c,
        {
          title: 'Form not readable',
          body: html`<p role="alert">The form could not be read (its body is not valid form data), so nothing was changed. Go back, reload the page and send it again.</p><p><a href="${PANEL}/accounts">Accounts</a></p>`,
        },
        400,
      );
    }
    return next();
  },
];

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
