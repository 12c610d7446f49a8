import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SandboxContext } from '../context';
import { ApiError } from '../http/api-error';

/** D14: a signed attachment URL is valid 15 minutes on the sandbox clock. */
const FILE_URL_TTL_MS = 15 * 60 * 1000;

const EXPIRES = /^\d{1,15}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

// The server secret also keys the API-key HMACs; the "file-url" prefix keeps the two uses apart.
function signature(ctx: SandboxContext, attachmentId: string, expires: number): Buffer {
  return createHmac('sha256', ctx.keySecret).update(`file-url:${attachmentId}:${expires}`).digest();
}

/** `<origin>/sandbox/files/<id>?expires=<Unix seconds, sandbox clock>&signature=<base64url HMAC>`. */
export function signedFileUrl(ctx: SandboxContext, origin: string, attachmentId: string): string {
  const expires = Math.floor((ctx.clock.nowMs() + FILE_URL_TTL_MS) / 1000);
  const sig = signature(ctx, attachmentId, expires).toString('base64url');
  return `${origin}/sandbox/files/${encodeURIComponent(attachmentId)}?expires=${expires}&signature=${sig}`;
}

/**
 * Checks a presented URL: a missing, malformed or wrong signature is 403 `signature_invalid`
 * (the expiry is signed, so it cannot be moved). Returns the expiry in milliseconds; whether it
 * has passed is for the caller to say after looking the file up.
 */
export function verifiedExpiry(ctx: SandboxContext, attachmentId: string, expires: string | undefined, sig: string | undefined): number {
  const invalid = () =>
    new ApiError('signature_invalid', 'The file URL is not one the sandbox signed; use the url returned by the upload.');
  if (expires === undefined || sig === undefined || !EXPIRES.test(expires) || !SIGNATURE.test(sig)) throw invalid();
  // Compared as text: two base64url strings can decode to the same bytes (unused trailing bits).
  const expected = Buffer.from(signature(ctx, attachmentId, Number(expires)).toString('base64url'));
  if (!timingSafeEqual(Buffer.from(sig), expected)) throw invalid();
  return Number(expires) * 1000;
}
