import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../clock';
import type { AppEnv } from './env';

/**
 * Every answer's `Date` is the sandbox clock's time, not the machine's: after `clock/advance` a
 * client sees the time it is in the sandbox (its deliveries and expiries follow that clock), as a
 * real service's `Date` tells its own time. A request on an account with a clock of its own gets that
 * account's time.
 */
export function clockDate(clock: Clock): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const accountId = c.get('clockAccount');
    const now = accountId === undefined ? clock.now() : clock.asAccount(accountId, () => clock.now());
    c.res.headers.set('Date', now.toUTCString());
  };
}
