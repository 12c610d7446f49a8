import { timingSafeEqual, createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { SandboxContext } from '../context';
import { accountForKey } from '../domain/accounts';
import type { AccountRow } from '../store/schema';
import type { AppEnv } from './env';
import { ApiError, INVALID_KEY_MESSAGE } from './api-error';
import { requestAuthorization } from './authorization';

const BEARER = /^Bearer +(\S+) *$/i;

function bearerToken(header: string | undefined): string | undefined {
  return header === undefined ? undefined : BEARER.exec(header)?.[1];
}

/** D5: one body for missing, malformed, wrong, revoked and expired keys. */
const invalidKey = () => new ApiError('invalid_key', INVALID_KEY_MESSAGE, {}, { 'WWW-Authenticate': 'Bearer realm="partner-api"' });

/** A loop rather than /\/+$/, which backtracks quadratically on a long run of slashes mid-path. */
function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 0x2f) end -= 1;
  return path.slice(0, end);
}

/**
 * /v1 bearer-key check; paths in `publicPaths` (the API description) need no key, and neither do
 * they with trailing slashes: such a path is a 404 (no route has one), which tells a keyless caller
 * nothing the public document does not.
 */
export function apiKeyAuth(ctx: SandboxContext, publicPaths: ReadonlySet<string>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (publicPaths.has(withoutTrailingSlashes(c.req.path))) return next();
    const account = accountForKey(ctx, bearerToken(requestAuthorization(c)));
    if (!account) throw invalidKey();
    c.set('account', account);
    await next();
  };
}

export function currentAccount(c: Context<AppEnv>): AccountRow {
  const account = c.get('account');
  // Only reachable if a route is mounted outside the auth middleware: a programming error.
  if (!account) throw new Error('route reached without an authenticated account');
  return account;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** D24: the control API answers only to SANDBOX_ADMIN_TOKEN, compared in constant time. */
export function adminAuth(adminToken: string): MiddlewareHandler<AppEnv> {
  const expected = digest(adminToken);
  return async (c, next) => {
    const presented = bearerToken(requestAuthorization(c));
    // Hashing both sides gives equal lengths, so timingSafeEqual never throws or leaks the length.
    if (presented === undefined || !timingSafeEqual(digest(presented), expected)) {
      throw new ApiError(
        'invalid_key',
        'The sandbox admin token is missing or wrong.',
        {},
        {
          'WWW-Authenticate': 'Bearer realm="sandbox-control"',
        },
      );
    }
    await next();
  };
}

/** D24 faults: after auth and rate limiting, so a faulted call is still a counted, keyed call. */
export function faultInjection(ctx: SandboxContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const account = c.get('account');
    if (!account) return next();
    const fault = ctx.faults.take({ accountId: account.id, method: c.req.method, path: c.req.path });
    if (!fault) return next();
    if (fault.status === 429) {
      const retryAfter = String(fault.retry_after ?? 1);
      throw new ApiError(
        'rate_limited',
        'Rate limit exceeded (injected by the sandbox).',
        { limit_per_minute: account.rateLimitPerMinute, window_seconds: 60 },
        { 'Retry-After': retryAfter },
      );
    }
    if (fault.status === 503) {
      throw new ApiError(
        'dependency_unavailable',
        'A dependency is unavailable (injected by the sandbox); retry with backoff.',
        { dependency: fault.dependency ?? 'channel_provider' },
        fault.retry_after === undefined ? {} : { 'Retry-After': String(fault.retry_after) },
      );
    }
    throw new ApiError('internal_error', 'Something went wrong on our side (injected by the sandbox).');
  };
}
