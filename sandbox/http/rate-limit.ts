import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../clock';
import type { AccountRow } from '../store/schema';
import type { AppEnv } from './env';
import { ApiError } from './api-error';
import { SlidingWindow } from './sliding-window';

const WINDOW_MS = 60_000;

/** The three RateLimit-* headers of an answered call, as name/value pairs. */
export type RateLimitHeaders = readonly [string, string, string, string, string, string];

export interface RateLimiter {
  middleware: MiddlewareHandler<AppEnv>;
  /**
   * Counts one call of `account` and returns its headers, or undefined without counting when the
   * window is full (the caller then lets the middleware answer the 429). For answers served
   * outside Hono (http/replay-cache.ts), which can only be 200s.
   */
  admit(account: AccountRow): RateLimitHeaders | undefined;
}

/**
 * D4: per account, sliding 60 s on the sandbox clock. Every authenticated call counts whatever
 * its outcome, except those answered 429 (ours or an injected fault). Kept in memory: after a
 * restart a partner starts with a fresh window.
 */
export function createRateLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, SlidingWindow>();

  // One window per account, so concurrent requests always share the same count.
  const windowOf = (accountId: string) => {
    let window = windows.get(accountId);
    if (!window) {
      window = new SlidingWindow(WINDOW_MS);
      windows.set(accountId, window);
    }
    return window;
  };

  const headersAfter = (window: SlidingWindow, limit: number): RateLimitHeaders => {
    const now = clock.nowMs();
    return [
      'RateLimit-Limit',
      String(limit),
      'RateLimit-Remaining',
      String(Math.max(0, limit - window.size(now))),
      'RateLimit-Reset',
      String(window.secondsUntilSlot(now)),
    ];
  };

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const account = c.get('account');
    // Keyless routes (the API description) are not counted: D4 counts authenticated requests.
    if (!account) return next();
    const limit = account.rateLimitPerMinute;
    const now = clock.nowMs();
    const window = windowOf(account.id);

    if (window.size(now) >= limit) {
      const retryAfter = window.secondsUntilSlot(now);
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

    window.add(now);
    await next();
    if (c.res.status === 429) window.remove(now);

    const headers = headersAfter(window, limit);
    for (let i = 0; i < headers.length; i += 2) c.res.headers.set(headers[i] ?? '', headers[i + 1] ?? '');
  };

  return {
    middleware,
    admit(account) {
      const window = windowOf(account.id);
      const now = clock.nowMs();
      if (window.size(now) >= account.rateLimitPerMinute) return undefined;
      window.add(now);
      return headersAfter(window, account.rateLimitPerMinute);
    },
  };
}
