import type { MiddlewareHandler } from 'hono';
import { newId } from '../domain/ids';
import type { AppEnv } from './env';

/** D1: one id per request, on every response and inside every error body. */
export const requestId: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = newId.request();
  c.set('requestId', id);
  c.header('X-Request-Id', id);
  await next();
  // The response may have been replaced (error handler, not-found handler) after the header was set.
  c.res.headers.set('X-Request-Id', id);
};
