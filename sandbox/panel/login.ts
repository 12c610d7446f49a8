import type { Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { createControlClient } from '../control-client/client';
import { PANEL, render, type PanelContext, type PanelDeps, type PanelEnv } from './context';
import { readForm, one, textField, type FormState } from './forms';
import { html } from './html';
import { SESSION_COOKIE, SESSION_TTL_MS } from './session';

/** Only paths inside the panel are followed after sign-in, so `next` cannot send anyone elsewhere. */
function safeNext(next: string | undefined): string {
  return next !== undefined && /^\/sandbox\/panel(\/[A-Za-z0-9_\-/]*)?$/.test(next) ? next : `${PANEL}/accounts`;
}

function loginPage(c: PanelContext, next: string, state?: FormState) {
  const body = html`<p>The panel acts for the service: it creates accounts and keys and changes what partners cannot change over <code>/v1</code>. Sign in with the sandbox admin token (<code>SANDBOX_ADMIN_TOKEN</code>).</p>
<form method="post" action="${PANEL}/login" novalidate>
<input type="hidden" name="next" value="${next}">
${textField({ form: 'login', name: 'token', label: 'Admin token', value: '', type: 'password', required: true, state, hint: 'Not stored in the browser: the session cookie holds a signed session id.' })}
<button type="submit">Sign in</button></form>`;
  return render(c, { title: 'Sign in', body }, state ? 401 : 200);
}

export function registerLogin(app: Hono<PanelEnv>, deps: PanelDeps): void {
  app.get(`${PANEL}/login`, (c) => loginPage(c, safeNext(c.req.query('next'))));

  app.post(`${PANEL}/login`, async (c) => {
    const values = await readForm(c.req);
    const next = safeNext(one(values, 'next'));
    const token = one(values, 'token');
    // The same check the control API makes (D24), by asking it with the presented token.
    const probe = token === '' ? undefined : await createControlClient(deps.fetchLike, '', token).clock();
    if (!probe?.ok) {
      // The typed token is not shown again: it is a secret, and it was wrong.
      return loginPage(c, next, {
        form: 'login',
        values,
        errors: { token: token === '' ? 'Enter the admin token.' : 'That is not the sandbox admin token.' },
      });
    }
    const { cookie } = deps.sessions.issue();
    setCookie(c, SESSION_COOKIE, cookie, {
      path: PANEL,
      httpOnly: true,
      sameSite: 'Strict',
      secure: new URL(c.req.url).protocol === 'https:',
      maxAge: SESSION_TTL_MS / 1000,
    });
    return c.redirect(next, 303);
  });

  app.post(`${PANEL}/logout`, (c) => {
    deleteCookie(c, SESSION_COOKIE, { path: PANEL });
    return c.redirect(`${PANEL}/login`, 303);
  });
}
