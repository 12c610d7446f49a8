import { describe, expect, it } from 'vitest';
import { expectAnswer } from './support';
import { HOUR, sendTestEvent, setUpSandboxAndReceiver, verify, waitFor, waitForAttempts, type Received } from './webhooks-support';

const { sandbox, receiver } = setUpSandboxAndReceiver();

async function deliveredRequest(key: string): Promise<{ request: Received; eventId: string }> {
  const id = await sendTestEvent(sandbox, key);
  const delivery = await waitForAttempts(sandbox, key, id, 1);
  const request = await waitFor(() => receiver.requests.find((r) => r.headers['webhook-id'] === delivery.event_id), 'the request');
  return { request, eventId: delivery.event_id };
}

describe('webhook signing and headers (D16)', () => {
  it('signs with the Standard Webhooks scheme and carries the token, custom headers and the event id', async () => {
    const account = await sandbox.createAccount({
      webhook: { url: receiver.url, auth_token: 'secret-token', custom_headers: { 'X-Tenant': 't-1', 'X-Env': 'sandbox' } },
    });
    const { request, eventId } = await deliveredRequest(account.api_key);
    expect(verify(account.webhook_secret, request)).toMatchObject({ id: eventId, type: 'test' });
    expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(request.headers).toMatchObject({
      'webhook-id': eventId,
      'x-webhook-token': 'secret-token',
      'x-tenant': 't-1',
      'x-env': 'sandbox',
      'content-type': 'application/json',
    });
    // A wrong secret fails verification.
    expect(() => verify('whsec_' + Buffer.alloc(32, 1).toString('base64'), request)).toThrow();
  });

  it('keeps the signed headers even when a custom header has the same name', async () => {
    const account = await sandbox.createAccount({
      webhook: { url: receiver.url, auth_token: 'real', custom_headers: { 'webhook-signature': 'v1,forged', 'X-Webhook-Token': 'forged' } },
    });
    const { request } = await deliveredRequest(account.api_key);
    expect(request.headers['x-webhook-token']).toBe('real');
    expect(() => verify(account.webhook_secret, request)).not.toThrow();
  });

  it('uses wall-clock time in webhook-timestamp, however far the sandbox clock was advanced', async () => {
    const account = await sandbox.createAccount({ webhook: { url: receiver.url, auth_token: 't' } });
    await sandbox.advanceClock(3 * 24 * 3600);
    const before = Math.floor(Date.now() / 1000);
    const { request } = await deliveredRequest(account.api_key);
    const stamp = Number(request.headers['webhook-timestamp']);
    expect(Number.isInteger(stamp)).toBe(true);
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    // The library's own 5-minute tolerance check passes.
    expect(() => verify(account.webhook_secret, request)).not.toThrow();
  });

  it('signs with both secrets for 24 h after a rotation (current first), then only the new one', async () => {
    const account = await sandbox.createAccount({ webhook: { url: receiver.url, auth_token: 't' } });
    const newSecret = expectAnswer(await sandbox.admin.rotateWebhookSecret(account.account_id), 201).webhook_secret;

    const { request } = await deliveredRequest(account.api_key);
    const signatures = (request.headers['webhook-signature'] ?? '').split(' ');
    expect(signatures).toHaveLength(2);
    expect(verify(newSecret, request)).toBeDefined();
    expect(verify(account.webhook_secret, request)).toBeDefined();
    // Current first: verifying the header cut to its first signature still passes with the new secret.
    const firstOnly = { ...request, headers: { ...request.headers, 'webhook-signature': signatures[0] ?? '' } };
    expect(() => verify(newSecret, firstOnly)).not.toThrow();
    expect(() => verify(account.webhook_secret, firstOnly)).toThrow();

    await sandbox.advanceClock((24 * HOUR) / 1000 + 1);
    const later = await deliveredRequest(account.api_key);
    expect((later.request.headers['webhook-signature'] ?? '').split(' ')).toHaveLength(1);
    expect(() => verify(newSecret, later.request)).not.toThrow();
    expect(() => verify(account.webhook_secret, later.request)).toThrow();
  });

  it('uses the configuration at the time of each attempt (a fixed URL gets the retries)', async () => {
    const account = await sandbox.createAccount({ webhook: { url: `${receiver.url}/gone`, auth_token: 'old' } });
    receiver.respond((request) => ({ status: request.headers['x-webhook-token'] === 'old' ? 404 : 200, body: 'ok' }));
    try {
      const id = await sendTestEvent(sandbox, account.api_key);
      await waitForAttempts(sandbox, account.api_key, id, 1);
      await sandbox.patchAccount(account.account_id, { webhook: { url: receiver.url, auth_token: 'new' } });
      await sandbox.advanceClock(5);
      const delivery = await waitForAttempts(sandbox, account.api_key, id, 2);
      expect(delivery.status).toBe('succeeded');
      expect(delivery.attempts.map((a) => a.response_status)).toEqual([404, 200]);
    } finally {
      receiver.respond(() => ({ status: 200, body: 'ok' }));
    }
  });
});
