import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../clock';
import type { AppEnv } from './env';

/**
 * Every answer's `Date` is the sandbox clock's time, not the machine's: after `clock/advance` a
 * client sees the time it is in the sandbox (its deliveries and expiries follow that clock), as a
 * real service's `Date` tells its own time.
 */
export function clockDate(clock: Clock): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    c.res.headers.set('Date', clock.now().toUTCString());
  };
}
