import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from './api-error';
import type { AppEnv } from './env';
import { errorResponse } from './errors';

const KIB = 1024;
const MIB = 1024 * KIB;

/**
 * Body caps. Each is far above the largest body its routes accept, so only a body no route could
 * use is refused, and always before it is parsed (from Content-Length, or as soon as a chunked
 * body passes the cap) instead of being read into memory whole.
 */
export const BODY_LIMITS = {
  /** /v1 JSON bodies are a few hundred bytes (a channel connect, a patch, a typing flag). */
  v1: MIB,
  /** Control bodies: up to 1,000 messages of 10,000 characters each (D24) is about 10 MB. */
  control: 12 * MIB,
  /** Panel forms: the largest is an account's webhook with its header rows. */
  panelForm: 256 * KIB,
  /** The consent screen posts one `decision` field. */
  consentForm: 16 * KIB,
} as const;

export const payloadTooLarge = (limit: number) =>
  new ApiError('payload_too_large', `The request body is over ${limit} bytes; nothing was read or changed.`, { limit_bytes: limit });

type TooLarge<E extends AppEnv> = (c: Context<E>) => Response | Promise<Response>;

/**
 * hono/body-limit, but a body with a Content-Length is judged by that header alone, as
 * hono/body-limit itself does, without touching `c.req.raw.body`: under @hono/node-server that
 * starts pulling the socket, and a body the route then never reads (a 401, a 404) stalls the
 * adapter's drain until it closes the keep-alive connection under the client's next request.
 * A chunked body is counted by hono/body-limit as it is read.
 */
function limitBody<E extends AppEnv>(maxSize: number, tooLarge: TooLarge<E>): MiddlewareHandler<E> {
  const counted = bodyLimit({ maxSize, onError: tooLarge });
  return async (c, next) => {
    const declared = c.req.header('content-length');
    if (declared === undefined || c.req.header('transfer-encoding') !== undefined) return counted(c, next);
    if (Number.parseInt(declared, 10) > maxSize) return tooLarge(c);
    await next();
  };
}

/** The body cap answering with the /v1 error envelope's 413 `payload_too_large`. */
export function envelopeBodyLimit(maxSize: number): MiddlewareHandler<AppEnv> {
  return limitBody<AppEnv>(maxSize, (c) => errorResponse(c, payloadTooLarge(maxSize)));
}

/**
 * One cap for every route of a surface, except the routes named in `ownLimits` ("POST /v1/attachments"),
 * which declare their own (larger) cap next to their handler.
 */
export function surfaceBodyLimit(maxSize: number, ownLimits: ReadonlySet<string> = new Set()): MiddlewareHandler<AppEnv> {
  const limit = envelopeBodyLimit(maxSize);
  return (c, next) => (ownLimits.has(`${c.req.method} ${c.req.path}`) ? next() : limit(c, next));
}

/** The same cap for a browser form, answered with the page `tooLarge` renders (status 413). */
export function pageBodyLimit<E extends AppEnv>(maxSize: number, tooLarge: TooLarge<E>): MiddlewareHandler<E> {
  return limitBody(maxSize, tooLarge);
}
