import { beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_ID, setUpSandbox, withoutRequestId, type AccountCreated, type ErrorBody } from './support';

const sandbox = setUpSandbox();
let account: AccountCreated;

beforeAll(async () => {
  account = await sandbox.createAccount();
});

describe('bearer key (D5)', () => {
  it('answers 200 with a good key', async () => {
    const result = await sandbox.api(account.api_key, '/v1/robots');
    expect(result.status).toBe(200);
    expect(account.api_key).toMatch(/^pk_live_[0-9A-Za-z]{32}$/);
    expect(account.webhook_secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(account.webhook_secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
  });

  it('gives missing, malformed, wrong, rotated and expired keys the same 401 body', async () => {
    const victim = await sandbox.createAccount({ name: 'Rotating' });
    const rotated = await sandbox.control<{ api_key: string }>('POST', `/sandbox/api/accounts/${victim.account_id}/keys/rotate`);
    expect(rotated.status).toBe(201);
    expect(rotated.body.api_key).not.toBe(victim.api_key);
    expect((await sandbox.api(rotated.body.api_key, '/v1/robots')).status).toBe(200);

    const expiring = await sandbox.createAccount({ name: 'Expiring' });
    const now = await sandbox.now();
    await sandbox.patchAccount(expiring.account_id, { key_expires_at: new Date(now.getTime() + 30_000).toISOString() });
    expect((await sandbox.api(expiring.api_key, '/v1/robots')).status).toBe(200);
    await sandbox.advanceClock(31);

    const wrong = `pk_live_${'A'.repeat(32)}`;
    const attempts = [
      await sandbox.api(undefined, '/v1/robots'),
      await sandbox.fetch('/v1/robots', { headers: { Authorization: account.api_key } }),
      await sandbox.api('pk_test_123', '/v1/robots'),
      await sandbox.api(`${account.api_key}x`, '/v1/robots'),
      await sandbox.api(wrong, '/v1/robots'),
      await sandbox.api(victim.api_key, '/v1/robots'),
      await sandbox.api(expiring.api_key, '/v1/robots'),
    ];
    const first = attempts[0];
    if (!first) throw new Error('no attempts');
    for (const attempt of attempts) {
      expect(attempt.status).toBe(401);
      const body = attempt.body as unknown as ErrorBody;
      expect(body.error.code).toBe('invalid_key');
      expect(body.error.details).toEqual({});
      expect(body.error.request_id).toBe(attempt.headers.get('x-request-id'));
      expect(withoutRequestId(body)).toEqual(withoutRequestId(first.body));
      expect(attempt.headers.get('ratelimit-limit')).toBeNull();
    }
    const ids = new Set(attempts.map((a) => (a.body as unknown as ErrorBody).error.request_id));
    expect(ids.size).toBe(attempts.length);
  });

  it('checks the key before parameters and routes (D25)', async () => {
    const badParams = await sandbox.api(undefined, '/v1/robots?limit=0');
    expect(badParams.status).toBe(401);
    const unknownPath = await sandbox.api(undefined, '/v1/nowhere');
    expect(unknownPath.status).toBe(401);
  });

  it('keeps the key working after renewing an expiry to null', async () => {
    const renewing = await sandbox.createAccount({ name: 'Renewing' });
    const now = await sandbox.now();
    await sandbox.patchAccount(renewing.account_id, { key_expires_at: new Date(now.getTime() - 1000).toISOString() });
    expect((await sandbox.api(renewing.api_key, '/v1/robots')).status).toBe(401);
    await sandbox.patchAccount(renewing.account_id, { key_expires_at: null });
    expect((await sandbox.api(renewing.api_key, '/v1/robots')).status).toBe(200);
  });
});

describe('request ids (D1)', () => {
  it('puts X-Request-Id on successes, errors and unauthenticated routes', async () => {
    const responses = [
      await sandbox.api(account.api_key, '/v1/robots'),
      await sandbox.api(account.api_key, '/v1/robots?limit=abc'),
      await sandbox.fetch('/sandbox/health'),
      await sandbox.fetch('/v1/openapi.json'),
      await sandbox.fetch('/'),
    ];
    for (const response of responses) expect(response.headers.get('x-request-id')).toMatch(REQUEST_ID);
    const error = responses[1];
    expect((error?.body as unknown as ErrorBody).error.request_id).toBe(error?.headers.get('x-request-id'));
  });
});

describe('control API auth (D24)', () => {
  it('answers 401 in the envelope for a missing or wrong admin token', async () => {
    for (const token of ['', 'wrong-token-wrong-token', `${'test-admin-token-0123456789'}x`]) {
      const result = await sandbox.control<ErrorBody>('GET', '/sandbox/api/clock', undefined, token);
      expect(result.status).toBe(401);
      expect(result.body.error.code).toBe('invalid_key');
      expect(result.body.error.request_id).toBe(result.headers.get('x-request-id'));
    }
    const noHeader = await sandbox.fetch<ErrorBody>('/sandbox/api/accounts', { method: 'POST' });
    expect(noHeader.status).toBe(401);
  });

  it('does not accept an API key on the control API, nor the admin token on /v1', async () => {
    expect((await sandbox.control('GET', '/sandbox/api/clock', undefined, account.api_key)).status).toBe(401);
    expect((await sandbox.api('test-admin-token-0123456789', '/v1/robots')).status).toBe(401);
  });

  it('answers /sandbox/health without a token', async () => {
    const result = await sandbox.fetch('/sandbox/health');
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ ok: true });
  });
});
