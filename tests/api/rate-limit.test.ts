import { describe, expect, it } from 'vitest';
import { expectAnswer, setUpSandbox, type ErrorBody } from './support';

const sandbox = setUpSandbox();

describe('rate limit (D4)', () => {
  it('answers the 6th call of 5/min with 429, then frees up after 60 s on the sandbox clock', async () => {
    const { api_key } = await sandbox.createAccount({ rate_limit_per_minute: 5 });
    for (let i = 1; i <= 5; i += 1) {
      // Errors count too: every authenticated request whatever its outcome.
      const result = await sandbox.api(api_key, i === 3 ? '/v1/robots?limit=0' : '/v1/robots');
      expect(result.status).toBe(i === 3 ? 400 : 200);
      expect(result.headers.get('ratelimit-limit')).toBe('5');
      expect(result.headers.get('ratelimit-remaining')).toBe(String(5 - i));
      expect(Number(result.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
    }

    const limited = await sandbox.api<ErrorBody>(api_key, '/v1/robots');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(limited.body.error.details).toEqual({ limit_per_minute: 5, window_seconds: 60 });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('ratelimit-limit')).toBe('5');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('ratelimit-reset')).not.toBeNull();

    // A 429 is not counted, so hammering does not extend the wait.
    for (let i = 0; i < 3; i += 1) expect((await sandbox.api(api_key, '/v1/robots')).status).toBe(429);

    await sandbox.advanceClock(60);
    const again = await sandbox.api(api_key, '/v1/robots');
    expect(again.status).toBe(200);
    expect(again.headers.get('ratelimit-remaining')).toBe('4');
  });

  it('counts per account, not per key, and never limits another account', async () => {
    const busy = await sandbox.createAccount({ rate_limit_per_minute: 1 });
    const calm = await sandbox.createAccount({ rate_limit_per_minute: 1 });
    expect((await sandbox.api(busy.api_key, '/v1/robots')).status).toBe(200);
    expect((await sandbox.api(busy.api_key, '/v1/robots')).status).toBe(429);
    expect((await sandbox.api(calm.api_key, '/v1/robots')).status).toBe(200);

    const rotated = expectAnswer(await sandbox.admin.rotateKey(busy.account_id), 201);
    expect((await sandbox.api(rotated.api_key, '/v1/robots')).status).toBe(429);
  });

  it('rate-limits before checking parameters (D25)', async () => {
    const { api_key } = await sandbox.createAccount({ rate_limit_per_minute: 1 });
    await sandbox.api(api_key, '/v1/robots');
    expect((await sandbox.api(api_key, '/v1/robots?limit=abc')).status).toBe(429);
  });

  it('applies a raised limit at once', async () => {
    const created = await sandbox.createAccount({ rate_limit_per_minute: 1 });
    await sandbox.api(created.api_key, '/v1/robots');
    expect((await sandbox.api(created.api_key, '/v1/robots')).status).toBe(429);
    await sandbox.patchAccount(created.account_id, { rate_limit_per_minute: 10 });
    const result = await sandbox.api(created.api_key, '/v1/robots');
    expect(result.status).toBe(200);
    expect(result.headers.get('ratelimit-limit')).toBe('10');
  });
});

describe('faults (D24)', () => {
  it('answers the next `times` matching calls with the armed status, then recovers', async () => {
    const { account_id, api_key } = await sandbox.createAccount();
    const other = await sandbox.createAccount();
    const armed = await sandbox.control('POST', '/sandbox/api/faults', {
      account_id,
      path_prefix: '/v1/robots',
      status: 503,
      times: 2,
    });
    expect(armed.status).toBe(201);
    expect(armed.body).toMatchObject({ account_id, status: 503, times: 2, remaining: 2 });

    // Another account is untouched.
    expect((await sandbox.api(other.api_key, '/v1/robots')).status).toBe(200);

    for (let i = 0; i < 2; i += 1) {
      const result = await sandbox.api<ErrorBody>(api_key, '/v1/robots');
      expect(result.status).toBe(503);
      expect(result.body.error.code).toBe('dependency_unavailable');
      expect(result.body.error.details.dependency).toBe('channel_provider');
      expect(result.body.error.request_id).toBe(result.headers.get('x-request-id'));
    }
    expect((await sandbox.api(api_key, '/v1/robots')).status).toBe(200);
  });

  it('answers an injected 429 with Retry-After and does not count it', async () => {
    const { api_key } = await sandbox.createAccount({ rate_limit_per_minute: 3 });
    await sandbox.control('POST', '/sandbox/api/faults', { path_prefix: '/v1', method: 'get', status: 429, times: 1, retry_after: 7 });
    const limited = await sandbox.api<ErrorBody>(api_key, '/v1/robots');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.body.error).toMatchObject({ code: 'rate_limited', details: { limit_per_minute: 3, window_seconds: 60 } });
    const next = await sandbox.api(api_key, '/v1/robots');
    expect(next.status).toBe(200);
    expect(next.headers.get('ratelimit-remaining')).toBe('2');
  });

  it('matches on method and path prefix only', async () => {
    const { api_key } = await sandbox.createAccount();
    await sandbox.control('POST', '/sandbox/api/faults', { path_prefix: '/v1/robots/', method: 'DELETE', status: 500, times: 1 });
    expect((await sandbox.api(api_key, '/v1/robots')).status).toBe(200);
    expect((await sandbox.api(api_key, '/v1/robots/rb_x', { method: 'DELETE' })).status).toBe(500);
    expect((await sandbox.api(api_key, '/v1/robots/rb_x', { method: 'DELETE' })).status).toBe(404);
  });

  it('validates the fault body', async () => {
    const bad = await sandbox.control<ErrorBody>('POST', '/sandbox/api/faults', { path_prefix: '/other', status: 418, times: 0 });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('validation_failed');
  });
});
