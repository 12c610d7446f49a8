import { Hono, type Context } from 'hono';
import { badDecisionPage, consentPage, donePage, expiredPage, unknownPage, usedPage } from '../consent/pages';
import type { SandboxContext } from '../context';
import {
  CONSENT_PATH,
  decideHandshake,
  DONE_PATH,
  findHandshakeByToken,
  handshakeParties,
  redirectUrlFor,
  registerHandshakeExpiry,
  type Decision,
} from '../domain/handshakes';
import type { AppEnv } from '../http/env';
import type { HandshakeRow } from '../store/schema';
import { iso } from '../domain/vocabulary';

/** The token is a capability: keep it out of caches and of Referer headers sent onwards. */
function html(c: Context<AppEnv>, body: string, status: 200 | 400 | 404 | 410) {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.html(body, status);
}

/** The 410 page of a handshake that has ended, or undefined while it is open. */
function endedPage(ctx: SandboxContext, c: Context<AppEnv>, row: HandshakeRow) {
  if (row.outcome === 'expired') return html(c, expiredPage(redirectUrlFor(ctx, row, 'expired')), 410);
  if (row.outcome !== null) return html(c, usedPage(row.outcome, redirectUrlFor(ctx, row, row.outcome)), 410);
  return undefined;
}

/**
 * Browser-facing handshake screens (D9), outside /v1 and the control API: no key, no OpenAPI entry.
 * The handshake expiry job is registered here, with the screens that depend on it.
 */
export function createConsentApp(ctx: SandboxContext): Hono<AppEnv> {
  registerHandshakeExpiry(ctx);
  const app = new Hono<AppEnv>();

  app.get(`${CONSENT_PATH}/:token`, (c) => {
    const row = findHandshakeByToken(ctx, c.req.param('token'));
    const parties = row && handshakeParties(ctx, row);
    if (!row || !parties) return html(c, unknownPage(), 404);
    return (
      endedPage(ctx, c, row) ??
      html(
        c,
        consentPage({
          robotName: parties.robotName,
          accountName: parties.accountName,
          expiresAt: iso(row.expiresAt),
          action: `${CONSENT_PATH}/${row.token}`,
        }),
        200,
      )
    );
  });

  const answer = (c: Context<AppEnv>, token: string, choice: unknown) => {
    const row = findHandshakeByToken(ctx, token);
    if (!row) return html(c, unknownPage(), 404);
    const decision: Decision | undefined = choice === 'approve' || choice === 'deny' ? choice : undefined;
    // An expired or answered request says so whatever was sent; only an open one needs a choice.
    if (decision === undefined) return endedPage(ctx, c, row) ?? html(c, badDecisionPage(), 400);
    const result = decideHandshake(ctx, token, decision);
    if (!result) return html(c, unknownPage(), 404);
    if (result.kind === 'expired') return html(c, expiredPage(result.redirectUrl), 410);
    if (result.kind === 'finished') return html(c, usedPage(result.status, result.redirectUrl), 410);
    // 303: the browser follows with a GET, whatever the form's method was.
    c.header('Cache-Control', 'no-store');
    return c.redirect(result.redirectUrl, 303);
  };

  // Each button's form posts to `<consent URL>/approve` or `/deny`; the consent URL itself also
  // takes a `decision` field, so a POST to it after expiry is a 410 like a GET.
  app.post(`${CONSENT_PATH}/:token/:decision{approve|deny}`, (c) => answer(c, c.req.param('token'), c.req.param('decision')));
  app.post(`${CONSENT_PATH}/:token`, async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    return answer(c, c.req.param('token'), form.decision ?? c.req.query('decision'));
  });

  app.get(DONE_PATH, (c) => html(c, donePage(c.req.query('status')), 200));
  return app;
}
