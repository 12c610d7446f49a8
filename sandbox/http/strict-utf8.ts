import type { MiddlewareHandler } from 'hono';
import { ApiError } from './api-error';
import type { AppEnv } from './env';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The body's text; bytes that are not UTF-8 are a 400 `invalid_json` (D2), never U+FFFD. */
function decodeUtf8(bytes: ArrayBuffer): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ApiError('invalid_json', 'The request body is not valid UTF-8; JSON must be (Content-Type application/json).');
  }
}

/**
 * JSON exchanged between systems is UTF-8 (RFC 8259 §8.1). The Fetch `text()` behind Hono's
 * `c.req.text()` and `c.req.json()` replaces every invalid byte sequence with U+FFFD, so a broken
 * string was stored as "�" instead of refused. Both are replaced here by a fatal decode of the same
 * bytes; the body is still read only when a validator or route reads it, so D25's order (parameters
 * before the body) holds, and a zod-openapi validator's failure to read becomes its usual 400.
 */
export const strictUtf8Bodies: MiddlewareHandler<AppEnv> = async (c, next) => {
  const request = c.req;
  const text = async () => decodeUtf8(await request.arrayBuffer());
  request.text = text;
  request.json = async <T>() => JSON.parse(await text()) as T;
  await next();
};
