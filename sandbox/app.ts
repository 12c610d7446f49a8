import { clockDate } from './http/clock-date';
import { Hono, type Context } from 'hono';
import type { SandboxContext } from './context';
import { pathAccountClock, v1AccountClock } from './http/account-clock';
import { adminAuth, apiKeyAuth, faultInjection } from './http/auth';
import type { AppEnv } from './http/env';
import { ApiError, notFound } from './http/api-error';
import { BODY_LIMITS, surfaceBodyLimit } from './http/body-limit';
import { deferredBodyGuard, errorResponse, toApiError } from './http/errors';
import { requestId } from './http/request-id';
import { securityHeaders, styleNonce } from './http/security-headers';
import { strictUtf8Bodies } from './http/strict-utf8';
import { CONSENT_PATH } from './domain/handshakes';
import { createControlApp } from './routes/control';
import { createConsentApp } from './routes/consent';
import { createFilesApp, FILES_PATH } from './routes/files';
import { UPLOAD_ROUTE } from './routes/v1/attachments';
import { createV1App, PUBLIC_V1_PATHS } from './routes/v1';
import { homePage } from './openapi/home-page';
import { createPanelApp } from './panel';

export interface SandboxApp {
  app: Hono<AppEnv>;
  /** The /v1 sub-app, whose route list and OpenAPI registry tests compare. */
  v1: ReturnType<typeof createV1App>;
}

type RouteEntry = { method: string; path: string };

function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  // Exact, as Hono's router matches: `/v1/robots/` is not `/v1/robots`, so it is a 404, not a 405.
  return new RegExp(`^${source}$`);
}

/**
 * A path served under other methods answers 405 with Allow; anything else 404, both enveloped.
 * Allow never names the refused method: a request the routes would have taken is not a 405.
 */
function unmatched(routes: readonly RouteEntry[]) {
  const compiled = routes
    .filter((route) => route.method !== 'ALL')
    .map((route) => ({ method: route.method, pattern: pathPattern(route.path) }));
  return (c: Context<AppEnv>) => {
    const served = new Set(compiled.filter((r) => r.pattern.test(c.req.path)).map((r) => r.method));
    // Hono answers HEAD with the GET route.
    if (served.has('GET')) served.add('HEAD');
    // A method the patterns say is served but the router did not take is no 405 either: 404.
    if (served.size > 0 && !served.has(c.req.method)) {
      const allowed = [...served];
      return errorResponse(
        c,
        new ApiError('method_not_allowed', `${c.req.method} is not allowed on ${c.req.path}.`, { allowed }, { Allow: allowed.join(', ') }),
      );
    }
    return errorResponse(c, notFound('route'));
  };
}

export function createApp(ctx: SandboxContext, adminToken: string): SandboxApp {
  const app = new Hono<AppEnv>();
  // Outermost, so it keeps an answer with every header the middlewares below add.
  app.use('*', ctx.replay.capture);
  app.use('*', requestId);
  app.use('*', ctx.requests.middleware);
  app.use('*', clockDate(ctx.clock));
  app.use('*', securityHeaders({ consent: `${CONSENT_PATH}/`, files: `${FILES_PATH}/` }));
  app.use('*', deferredBodyGuard(ctx.log));
  app.use('*', strictUtf8Bodies);
  app.onError((error, c) => errorResponse(c, toApiError(error, ctx.log)));

  app.get('/', (c) => c.html(homePage(styleNonce(c))));
  app.get('/sandbox/health', (c) => c.json({ ok: true }));

  // D25: the key (401) and the rate limit (429) come before any parameter or body check, so they
  // run as middleware ahead of the routes' validators; so does the body cap (413), which must refuse
  // a body before anything reads it. The upload route has its own, larger cap.
  app.use(
    '/v1/*',
    apiKeyAuth(ctx, PUBLIC_V1_PATHS),
    v1AccountClock(ctx),
    ctx.rateLimiter.middleware,
    faultInjection(ctx),
    surfaceBodyLimit(BODY_LIMITS.v1, new Set([UPLOAD_ROUTE])),
  );
  const v1 = createV1App(ctx);
  app.route('/', v1);

  // Control calls, the consent screen and file URLs run on the clock of the account they concern.
  app.use('/sandbox/*', pathAccountClock(ctx));

  // The stand-in consent screen is opened by a page owner's browser: no key, not in the OpenAPI document.
  app.route('/', createConsentApp(ctx));
  // Attachment URLs (D14) are fetched by whoever holds one: the signature is the credential.
  app.route('/', createFilesApp(ctx));

  app.use('/sandbox/api/*', adminAuth(adminToken), surfaceBodyLimit(BODY_LIMITS.control));
  app.route('/', createControlApp(ctx));

  // D23/D24: the panel's pages call the control API above in process, with the admin token.
  app.route(
    '/',
    createPanelApp(async (url, init) => app.request(url, init), adminToken),
  );

  app.notFound(unmatched(app.routes));
  return { app, v1 };
}
