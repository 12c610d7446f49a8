import 'server-only';
import { z } from 'zod';
import { InvalidResponseError, PartnerConnectionError, PartnerError, PartnerTimeoutError, errorFromResponse, retryAfterMs } from './errors';
import {
  DEFAULT_RETRY_BASE_DELAY_MS,
  MAX_RETRY_AFTER_MS,
  MIN_ATTEMPT_BUDGET_MS,
  backoffMs,
  failedBeforeSend,
  isIdempotent,
  shouldRetryStatus,
  sleep,
  type HttpMethod,
} from './retry';
import type { PartnerClientOptions, PartnerRequestInfo, PartnerResult } from './types';

/**
 * One exchange with the API, as every client method makes it: the key in the header, the total
 * deadline, per-attempt timeouts, retries that honour `Retry-After`, the body checked against its
 * schema, and the key scrubbed from any error message.
 */

type QueryValue = string | number | boolean | Date | undefined;

export interface RequestSpec<T> {
  method: HttpMethod;
  /** Under `/v1`, ids already encoded with `seg`. */
  path: string;
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: FormData;
  schema: z.ZodType<T>;
}

export const NO_CONTENT = z.unknown().transform((): undefined => undefined);

/**
 * Encodes one path id. `.` and `..` are refused because URL parsing resolves them as dot
 * segments even when percent-encoded, which would send a DELETE to another resource.
 */
export function seg(id: string): string {
  if (id === '' || id === '.' || id === '..') throw new TypeError(`Invalid path id: "${id}"`);
  return encodeURIComponent(id);
}

export type Transport = <T>(spec: RequestSpec<T>) => Promise<PartnerResult<T>>;

export function createTransport(options: PartnerClientOptions): Transport {
  const root = options.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
  if (root === '') throw new TypeError('createPartnerClient: baseUrl is required');
  const apiKey = options.apiKey;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRetries = options.maxRetries ?? 2;
  const deadlineMs = options.deadlineMs ?? 15_000;
  const baseDelayMs = options.retryBaseDelayMs ?? DEFAULT_RETRY_BASE_DELAY_MS;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const userAgent = options.userAgent ?? 'partner-dashboard/0.1';

  /** A service echoing the Authorization header in a message must not leak it into logs. */
  function scrub<E extends Error>(error: E): E {
    if (apiKey !== '' && error.message.includes(apiKey)) {
      error.message = error.message.split(apiKey).join('[redacted]');
    }
    return error;
  }

  function report(info: PartnerRequestInfo): void {
    try {
      options.onRequest?.(info);
    } catch {
      // A broken logger must not turn a successful call into a failure.
    }
  }

  async function request<T>(spec: RequestSpec<T>): Promise<PartnerResult<T>> {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(spec.query ?? {})) {
      if (value === undefined) continue;
      params.set(key, value instanceof Date ? value.toISOString() : String(value));
    }
    const search = params.size > 0 ? `?${params.toString()}` : '';
    const path = `/v1${spec.path}${search}`;
    const headers: Record<string, string> = {
      Authorization: `Bearer ${apiKey}`,
      Accept: 'application/json',
      'User-Agent': userAgent,
    };
    let body: string | FormData | undefined;
    if (spec.form) {
      body = spec.form; // fetch writes the multipart boundary itself
    } else if (spec.json !== undefined) {
      body = JSON.stringify(spec.json);
      headers['Content-Type'] = 'application/json';
    }

    const deadline = Date.now() + deadlineMs;
    for (let attempt = 1; ; attempt++) {
      // May refuse the attempt before anything is sent (the caller's own call budget).
      await options.beforeAttempt?.({ method: spec.method, path, attempt });
      const started = Date.now();
      const attemptTimeoutMs = Math.max(1, Math.min(timeoutMs, deadline - started));
      const signal = AbortSignal.timeout(attemptTimeoutMs);
      let failure: PartnerError;
      let canRetry: boolean;
      let serverWaitMs: number | undefined;
      let status: number | undefined;
      let requestId: string | undefined;
      let rateLimit: number | undefined;
      let serviceDate: string | undefined;

      try {
        const response = await fetchImpl(root + path, { method: spec.method, headers, body, signal });
        status = response.status;
        requestId = response.headers.get('x-request-id') ?? undefined;
        rateLimit = positiveInt(response.headers.get('ratelimit-limit'));
        serviceDate = response.headers.get('date') ?? undefined;
        const text = await response.text();
        if (response.ok) {
          const data = parseBody(spec.schema, text, status, requestId, `${spec.method} ${path}`);
          report({ method: spec.method, path, attempt, durationMs: Date.now() - started, status, requestId, rateLimit, serviceDate });
          return { data, requestId };
        }
        const apiError = scrub(errorFromResponse(status, text, response.headers));
        requestId = apiError.requestId;
        failure = apiError;
        canRetry = shouldRetryStatus(spec.method, status);
        serverWaitMs = retryAfterMs(response.headers);
      } catch (error) {
        if (error instanceof PartnerError) {
          // Only the body check throws these: the exchange itself completed.
          report({
            method: spec.method,
            path,
            attempt,
            durationMs: Date.now() - started,
            status,
            requestId,
            rateLimit,
            serviceDate,
            error: error.name,
          });
          throw error;
        }
        if (signal.aborted) {
          failure = new PartnerTimeoutError(`The Partner API did not answer ${spec.method} ${path} within ${attemptTimeoutMs} ms.`, {
            cause: error,
          });
          // The request may have been processed: only an idempotent one is repeated.
          canRetry = isIdempotent(spec.method);
        } else {
          const reason = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
          failure = scrub(
            new PartnerConnectionError(`Could not reach the Partner API (${spec.method} ${path})${reason}`, {
              cause: error,
            }),
          );
          canRetry = isIdempotent(spec.method) || failedBeforeSend(error);
        }
      }

      const waitMs = canRetry && attempt <= maxRetries ? retryWait(serverWaitMs, attempt - 1, deadline) : undefined;
      report({
        method: spec.method,
        path,
        attempt,
        durationMs: Date.now() - started,
        ...(status !== undefined && { status }),
        ...(requestId !== undefined && { requestId }),
        ...(rateLimit !== undefined && { rateLimit }),
        ...(serviceDate !== undefined && { serviceDate }),
        error: failure.name,
        ...(waitMs !== undefined && { retryInMs: Math.round(waitMs) }),
      });
      if (waitMs === undefined) throw failure;
      await sleep(waitMs);
    }
  }

  /**
   * Undefined means "give up now": a server-sent wait is never cut short, and no wait is started
   * unless the attempt after it still has some budget (a 5 ms attempt would only time out).
   */
  function retryWait(serverWaitMs: number | undefined, retryIndex: number, deadline: number): number | undefined {
    if (serverWaitMs !== undefined && serverWaitMs > MAX_RETRY_AFTER_MS) return undefined;
    const waitMs = serverWaitMs ?? backoffMs(retryIndex, baseDelayMs);
    return Date.now() + waitMs + MIN_ATTEMPT_BUDGET_MS <= deadline ? waitMs : undefined;
  }

  return request;
}

function positiveInt(value: string | null): number | undefined {
  const n = value === null ? NaN : Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

function parseBody<T>(schema: z.ZodType<T>, text: string, status: number, requestId: string | undefined, what: string): T {
  let json: unknown;
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      throw new InvalidResponseError({ status, requestId, message: `${what} answered ${status} with a body that is not JSON.` });
    }
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
  throw new InvalidResponseError({
    status,
    requestId,
    issues: parsed.error.issues,
    message: `${what} answered ${status} with an unexpected body (${where}).`,
  });
}
