/**
 * Error classes of the Partner API client, modelled on openai-node's `core/error.ts`: one class
 * per status so callers branch with `instanceof`, and the envelope's `code` for finer cases.
 * An unknown `code` still lands in the class of its status with the service's `message`.
 */
import type { z } from 'zod';
import { ErrorEnvelopeSchema } from './schemas';

export type HeadersLike = Headers | Record<string, string> | [string, string][];

/** Base of everything the client throws, so callers can catch the client's errors in one place. */
export class PartnerError extends Error {
  override name = 'PartnerError';
}

export class PartnerApiError extends PartnerError {
  override name = 'PartnerApiError';
  readonly status: number;
  /** Machine-readable code from the envelope (D2); undefined when the body had none. */
  readonly code: string | undefined;
  /** Quote to support; from the envelope, else from `X-Request-Id` (D1). */
  readonly requestId: string | undefined;
  readonly details: Record<string, unknown>;
  readonly headers: Headers;

  constructor(init: {
    status: number;
    message: string;
    code?: string | undefined;
    requestId?: string | undefined;
    details?: Record<string, unknown> | undefined;
    headers?: Headers | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.details = init.details ?? {};
    this.headers = init.headers ?? new Headers();
  }
}

export class BadRequestError extends PartnerApiError {
  override name = 'BadRequestError';
}
export class AuthenticationError extends PartnerApiError {
  override name = 'AuthenticationError';
}
export class PermissionDeniedError extends PartnerApiError {
  override name = 'PermissionDeniedError';
}
export class NotFoundError extends PartnerApiError {
  override name = 'NotFoundError';
}
export class ConflictError extends PartnerApiError {
  override name = 'ConflictError';
}
export class GoneError extends PartnerApiError {
  override name = 'GoneError';
}
export class UnprocessableEntityError extends PartnerApiError {
  override name = 'UnprocessableEntityError';
}
export class RateLimitError extends PartnerApiError {
  override name = 'RateLimitError';
  /** From `retry-after-ms` / `Retry-After` (seconds or HTTP date); undefined when absent. */
  get retryAfterSeconds(): number | undefined {
    const ms = retryAfterMs(this.headers);
    return ms === undefined ? undefined : Math.ceil(ms / 1000);
  }
}
export class InternalServerError extends PartnerApiError {
  override name = 'InternalServerError';
}
/** A 503 is a 5xx too: `instanceof InternalServerError` keeps catching every server failure. */
export class ServiceUnavailableError extends InternalServerError {
  override name = 'ServiceUnavailableError';
}

/** No HTTP answer at all (refused, reset, DNS). `cause` holds the underlying error. */
export class PartnerConnectionError extends PartnerError {
  override name = 'PartnerConnectionError';
  constructor(message = 'Could not reach the Partner API.', options?: { cause?: unknown }) {
    super(message, options);
  }
}

export class PartnerTimeoutError extends PartnerConnectionError {
  override name = 'PartnerTimeoutError';
  constructor(message = 'The Partner API did not answer in time.', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** A 2xx whose body is not JSON or fails the schema: the contract and the service disagree. */
export class InvalidResponseError extends PartnerError {
  override name = 'InvalidResponseError';
  readonly status: number;
  readonly requestId: string | undefined;
  readonly issues: z.core.$ZodIssue[];

  constructor(init: { status: number; message: string; requestId?: string | undefined; issues?: z.core.$ZodIssue[] }) {
    super(init.message);
    this.status = init.status;
    this.requestId = init.requestId;
    this.issues = init.issues ?? [];
  }
}

export function toHeaders(headers: HeadersLike | undefined): Headers {
  return headers instanceof Headers ? headers : new Headers(headers);
}

/**
 * Wait asked for by the server, in ms: `retry-after-ms` first (finer, as openai-node reads it),
 * then `Retry-After` as delta-seconds or an HTTP date. Undefined when absent or unparseable.
 */
export function retryAfterMs(headers: Headers, now: number = Date.now()): number | undefined {
  const msHeader = headers.get('retry-after-ms');
  if (msHeader !== null && msHeader.trim() !== '') {
    const ms = Number(msHeader);
    if (Number.isFinite(ms) && ms >= 0) return ms;
  }
  const header = headers.get('retry-after');
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(header);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

type ApiErrorClass = new (init: ConstructorParameters<typeof PartnerApiError>[0]) => PartnerApiError;

function classFor(status: number): ApiErrorClass {
  switch (status) {
    case 400:
      return BadRequestError;
    case 401:
      return AuthenticationError;
    case 403:
      return PermissionDeniedError;
    case 404:
      return NotFoundError;
    case 409:
      return ConflictError;
    case 410:
      return GoneError;
    case 422:
      return UnprocessableEntityError;
    case 429:
      return RateLimitError;
    case 503:
      return ServiceUnavailableError;
    default:
      return status >= 500 ? InternalServerError : PartnerApiError;
  }
}

/** Accepts a parsed body or the raw text; a proxy's HTML page must not turn into a parse crash. */
function envelopeOf(body: unknown): z.infer<typeof ErrorEnvelopeSchema>['error'] {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  const parsed = ErrorEnvelopeSchema.safeParse(value);
  return parsed.success ? parsed.data.error : undefined;
}

/** Maps an error response to its class. `body` may be parsed JSON, raw text, or undefined. */
export function errorFromResponse(status: number, body: unknown, headers?: HeadersLike): PartnerApiError {
  const h = toHeaders(headers);
  const error = envelopeOf(body);
  const requestId = error?.request_id ?? h.get('x-request-id') ?? undefined;
  const message = error?.message ?? `The Partner API answered ${status} without an error message.`;
  const Class = classFor(status);
  return new Class({
    status,
    message,
    code: error?.code ?? undefined,
    requestId,
    details: error?.details ?? undefined,
    headers: h,
  });
}
