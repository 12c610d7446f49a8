import { describe, expect, it } from 'vitest';
import {
  InternalServerError,
  PartnerApiError,
  RateLimitError,
  ServiceUnavailableError,
  UnprocessableEntityError,
  errorFromResponse,
  retryAfterMs,
} from '@/lib/partner/errors';
import { backoffMs, failedBeforeSend, shouldRetryStatus } from '@/lib/partner/retry';

describe('errorFromResponse', () => {
  it('reads the envelope from parsed JSON or raw text', () => {
    const body = { error: { code: 'validation_failed', message: 'too big', request_id: 'req_1', details: { kind: 'image', cap_mb: 2 } } };
    for (const input of [body, JSON.stringify(body)]) {
      const e = errorFromResponse(422, input, { 'X-Request-Id': 'req_header' });
      expect(e).toBeInstanceOf(UnprocessableEntityError);
      expect(e).toMatchObject({
        status: 422,
        code: 'validation_failed',
        message: 'too big',
        requestId: 'req_1',
        details: { kind: 'image', cap_mb: 2 },
      });
    }
  });

  it('keeps an unknown code under the class of its status', () => {
    const e = errorFromResponse(403, { error: { code: 'brand_new_reason', message: 'Not today' } });
    expect(e.name).toBe('PermissionDeniedError');
    expect(e).toMatchObject({ code: 'brand_new_reason', message: 'Not today', requestId: undefined });
  });

  it('falls back to the header and a generic message on empty, null or odd bodies', () => {
    for (const body of [undefined, '', 'Bad Gateway', null, { error: null }, { error: 'flat string' }, [1, 2]]) {
      const e = errorFromResponse(502, body, new Headers({ 'x-request-id': 'req_h' }));
      expect(e).toBeInstanceOf(InternalServerError);
      expect(e).toMatchObject({ requestId: 'req_h', code: undefined, details: {} });
      expect(e.message).toContain('502');
    }
  });

  it('keeps 503 catchable as a server error and unknown statuses as PartnerApiError', () => {
    expect(errorFromResponse(503, undefined)).toBeInstanceOf(InternalServerError);
    expect(errorFromResponse(503, undefined)).toBeInstanceOf(ServiceUnavailableError);
    const teapot = errorFromResponse(418, undefined);
    expect(teapot.constructor).toBe(PartnerApiError);
  });

  it('exposes Retry-After on RateLimitError', () => {
    const e = errorFromResponse(
      429,
      { error: { code: 'rate_limited', details: { limit_per_minute: 300, window_seconds: 60 } } },
      { 'Retry-After': '7' },
    );
    expect(e).toBeInstanceOf(RateLimitError);
    expect((e as RateLimitError).retryAfterSeconds).toBe(7);
    expect(e.details).toEqual({ limit_per_minute: 300, window_seconds: 60 });
    expect((errorFromResponse(429, undefined) as RateLimitError).retryAfterSeconds).toBeUndefined();
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2026-09-20T10:00:00Z');
  it.each([
    [{ 'retry-after-ms': '250' }, 250],
    [{ 'retry-after-ms': 'junk', 'retry-after': '2' }, 2000],
    [{ 'retry-after': '0' }, 0],
    [{ 'retry-after': 'Sun, 20 Sep 2026 10:00:05 GMT' }, 5000],
    [{ 'retry-after': 'Sun, 20 Sep 2026 09:00:00 GMT' }, 0],
    [{ 'retry-after': 'soon' }, undefined],
    [{ 'retry-after': '-3' }, undefined],
    [{}, undefined],
  ])('%j -> %s', (headers, expected) => {
    expect(retryAfterMs(new Headers(headers), now)).toBe(expected);
  });
});

describe('retry policy', () => {
  it('retries idempotent methods on transient statuses only, POST on 429 only', () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      expect([408, 429, 500, 502, 503, 504].every((s) => shouldRetryStatus(method, s))).toBe(true);
      expect([400, 401, 403, 404, 409, 410, 422, 501].some((s) => shouldRetryStatus(method, s))).toBe(false);
    }
    expect(shouldRetryStatus('POST', 429)).toBe(true);
    expect([408, 500, 502, 503, 504].some((s) => shouldRetryStatus('POST', s))).toBe(false);
  });

  it('backs off exponentially with downward jitter, capped at 8 s', () => {
    expect(backoffMs(0, 500, () => 0)).toBe(500);
    expect(backoffMs(1, 500, () => 0)).toBe(1000);
    expect(backoffMs(1, 500, () => 1)).toBe(750);
    expect(backoffMs(10, 500, () => 0)).toBe(8000);
  });

  it('treats only connect-stage failures as not sent', () => {
    const refused = new TypeError('fetch failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) });
    const aggregate = new TypeError('fetch failed', {
      cause: new AggregateError([
        Object.assign(new Error('a'), { code: 'ECONNREFUSED' }),
        Object.assign(new Error('b'), { code: 'ENETUNREACH' }),
      ]),
    });
    const reset = new TypeError('fetch failed', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) });
    expect(failedBeforeSend(refused)).toBe(true);
    expect(failedBeforeSend(aggregate)).toBe(true);
    expect(failedBeforeSend(reset)).toBe(false);
    expect(failedBeforeSend(new TypeError('fetch failed'))).toBe(false);
  });
});
