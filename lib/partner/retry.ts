/**
 * Retry policy of the Partner API client, after openai-node's `client.ts`, narrowed for a
 * dashboard: a POST may already have had its effect (a connected channel, a queued test event),
 * so it is repeated only when the service cannot have processed it.
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export const DEFAULT_RETRY_BASE_DELAY_MS = 500;
export const MAX_RETRY_DELAY_MS = 8_000;
/** A server asking for a longer pause is not waited for: the page would hang. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** Least time left before the deadline for a retry to be worth starting. */
export const MIN_ATTEMPT_BUDGET_MS = 100;

const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

/** GET, PATCH (`is_active` set to a value) and DELETE give the same result when repeated. */
export function isIdempotent(method: HttpMethod): boolean {
  return method !== 'POST';
}

/** 429 is refused before any work is done (D4, D25), so it is the one status safe for a POST. */
export function shouldRetryStatus(method: HttpMethod, status: number): boolean {
  return isIdempotent(method) ? RETRYABLE_STATUSES.has(status) : status === 429;
}

/** Exponential backoff capped at 8 s, with up to 25 % jitter downwards so clients spread out. */
export function backoffMs(retryIndex: number, baseMs: number, random: () => number = Math.random): number {
  const delay = Math.min(baseMs * 2 ** retryIndex, MAX_RETRY_DELAY_MS);
  return delay * (1 - random() * 0.25);
}

/** Failures of name resolution or of the TCP connect: no byte of the request reached the service. */
const PRE_SEND_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * undici hides the system error under `cause` (`TypeError: fetch failed`), and happy-eyeballs
 * connects wrap several in an AggregateError, so the whole tree is searched.
 */
export function errorCodes(error: unknown, depth = 0): string[] {
  if (depth > 5 || typeof error !== 'object' || error === null) return [];
  const codes: string[] = [];
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') codes.push(code);
  if (cause !== undefined) codes.push(...errorCodes(cause, depth + 1));
  if (Array.isArray(errors)) for (const e of errors) codes.push(...errorCodes(e, depth + 1));
  return codes;
}

export function failedBeforeSend(error: unknown): boolean {
  const codes = errorCodes(error);
  return codes.length > 0 && codes.every((c) => PRE_SEND_CODES.has(c));
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
