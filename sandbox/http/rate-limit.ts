import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../clock';
import type { AppEnv } from './env';
import { ApiError } from './api-error';

const WINDOW_MS = 60_000;

export interface RateLimiter {
  middleware: MiddlewareHandler<AppEnv>;
}

/**
 * D4: per account, sliding 60 s on the sandbox clock. Every authenticated call counts whatever
 * its outcome, except those answered 429 (ours or an injected fault). Kept in memory: after a
 * restart a partner starts with a fresh window.
 */
export function createRateLimiter(clock: Clock): RateLimiter {
  const hits = new Map<string, number[]>();

  // One array per account, pruned in place, so concurrent requests always share the same window.
  const windowOf = (accountId: string, now: number) => {
    let window = hits.get(accountId);
    if (!window) {
      window = [];
      hits.set(accountId, window);
    }
    while (window.length > 0 && (window[0] ?? 0) <= now - WINDOW_MS) window.shift();
    return window;
  };

  /** Whole seconds until the oldest counted call leaves the window, at least 1. */
  const secondsUntilSlot = (window: number[], now: number) => {
    const oldest = window[0];
    if (oldest === undefined) return 1;
    return Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000));
  };

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const account = c.get('account');
    // Keyless routes (the API description) are not counted: D4 counts authenticated requests.
    if (!account) return next();
    const limit = account.rateLimitPerMinute;
    const now = clock.nowMs();
    const window = windowOf(account.id, now);

    if (window.length >= limit) {
      const retryAfter = secondsUntilSlot(window, now);
      throw new ApiError(
        'rate_limited',
        `Rate limit of ${limit} requests per minute exceeded; retry after ${retryAfter} s.`,
        { limit_per_minute: limit, window_seconds: WINDOW_MS / 1000 },
        {
          'Retry-After': String(retryAfter),
          'RateLimit-Limit': String(limit),
          'RateLimit-Remaining': '0',
          'RateLimit-Reset': String(retryAfter),
        },
      );
    }

    window.push(now);
    await next();
    if (c.res.status === 429) {
      const at = window.indexOf(now);
      if (at >= 0) window.splice(at, 1);
    }

    const after = windowOf(account.id, clock.nowMs());
    c.res.headers.set('RateLimit-Limit', String(limit));
    c.res.headers.set('RateLimit-Remaining', String(Math.max(0, limit - after.length)));
    c.res.headers.set('RateLimit-Reset', String(secondsUntilSlot(after, clock.nowMs())));
  };

  return { middleware };
}
