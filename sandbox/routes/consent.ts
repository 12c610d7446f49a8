import { Hono, type Context } from 'hono';
import { badDecisionPage, consentPage, donePage, expiredPage, tooLargePage, unknownPage, usedPage } from '../consent/pages';
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
import { BODY_LIMITS, pageBodyLimit } from '../http/body-limit';
import type { AppEnv } from '../http/env';
import { styleNonce } from '../http/security-headers';
import type { HandshakeRow } from '../store/schema';
import { iso } from '../domain/vocabulary';

/**
 * A page built with the response's CSP nonce. The token is a capability: keep it out of caches
 * (Referer headers sent onwards are ruled out by `http/security-headers.ts`).
 */
function html(c: Context<AppEnv>, page: (nonce: string) => string, status: 200 | 400 | 404 | 410 | 413) {
  c.header('Cache-Control', 'no-store');
  return c.html(page(styleNonce(c)), status);
}

/** The 410 page of a handshake that has ended, or undefined while it is open. */
function endedPage(ctx: SandboxContext, c: Context<AppEnv>, row: HandshakeRow) {
  if (row.outcome === 'expired') return html(c, (nonce) => expiredPage(redirectUrlFor(ctx, row, 'expired'), nonce), 410);
  const { outcome } = row;
  if (outcome !== null) return html(c, (nonce) => usedPage(outcome, redirectUrlFor(ctx, row, outcome), nonce), 410);
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
    if (!row || !parties) return html(c, unknownPage, 404);
    return (
      endedPage(ctx, c, row) ??
      html(
        c,
        (nonce) =>
          consentPage({
            robotName: parties.robotName,
            accountName: parties.accountName,
            expiresAt: iso(row.expiresAt),
            action: `${CONSENT_PATH}/${row.token}`,
            nonce,
          }),
        200,
      )
    );
  });

  const answer = (c: Context<AppEnv>, token: string, choice: unknown) => {
    const row = findHandshakeByToken(ctx, token);
    if (!row) return html(c, unknownPage, 404);
    const decision: Decision | undefined = choice === 'approve' || choice === 'deny' ? choice : undefined;
    // An expired or answered request says so whatever was sent; only an open one needs a choice.
    if (decision === undefined) return endedPage(ctx, c, row) ?? html(c, badDecisionPage, 400);
    const result = decideHandshake(ctx, token, decision);
    if (!result) return html(c, unknownPage, 404);
    if (result.kind === 'expired') return html(c, (nonce) => expiredPage(result.redirectUrl, nonce), 410);
    if (result.kind === 'finished') return html(c, (nonce) => usedPage(result.status, result.redirectUrl, nonce), 410);
    // 303: the browser follows with a GET, whatever the form's method was.
    c.header('Cache-Control', 'no-store');
    return c.redirect(result.redirectUrl, 303);
  };

  // A form body no consent form could send is refused before it is read.
  app.use(
    `${CONSENT_PATH}/*`,
    pageBodyLimit(BODY_LIMITS.consentForm, (c) => html(c, (nonce) => tooLargePage(BODY_LIMITS.consentForm, nonce), 413)),
  );

  // Each button's form posts to `<consent URL>/approve` or `/deny`; the consent URL itself also
  // takes a `decision` field, so a POST to it after expiry is a 410 like a GET.
  app.post(`${CONSENT_PATH}/:token/:decision{approve|deny}`, (c) => answer(c, c.req.param('token'), c.req.param('decision')));
  app.post(`${CONSENT_PATH}/:token`, async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    return answer(c, c.req.param('token'), form.decision ?? c.req.query('decision'));
  });

  app.get(DONE_PATH, (c) => html(c, (nonce) => donePage(c.req.query('status'), nonce), 200));
  return app;
}
