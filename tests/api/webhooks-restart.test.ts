import { describe, expect, it } from 'vitest';
import { getDelivery, sendTestEvent, setUpSandboxAndReceiver, waitFor, waitForAttempts } from './webhooks-support';

const { sandbox, receiver } = setUpSandboxAndReceiver();

describe('deliveries across a restart (D20)', () => {
  it('resume their schedule after a restart, with the same webhook-id', async () => {
    receiver.respond(() => ({ status: 500, body: 'down' }));
    const account = await sandbox.createAccount({ webhook: { url: `${receiver.url}?case=resume`, auth_token: 't' } });
    const id = await sendTestEvent(sandbox, account.api_key);
    const first = await waitForAttempts(sandbox, account.api_key, id, 1);
    expect(first.status).toBe('retrying');

    await sandbox.restart();
    expect((await getDelivery(sandbox, account.api_key, id)).attempts).toHaveLength(1);
    await sandbox.advanceClock(5);
    await waitForAttempts(sandbox, account.api_key, id, 2);

    receiver.respond(() => ({ status: 200, body: 'ok' }));
    await sandbox.restart();
    await sandbox.advanceClock(300);
    const done = await waitForAttempts(sandbox, account.api_key, id, 3);
    expect(done.status).toBe('succeeded');
    expect(done.attempts.map((a) => a.response_status)).toEqual([500, 500, 200]);
    const ids = receiver.requests.filter((r) => r.path.includes('case=resume')).map((r) => r.headers['webhook-id']);
    expect(ids).toEqual([first.event_id, first.event_id, first.event_id]);
  });

  it('send again an attempt that was in flight when the sandbox stopped', async () => {
    // The first request never gets an answer; the sandbox stops while waiting for it.
    const before = receiver.requests.length;
    receiver.respond((_request, index) => (index === before ? { status: 200, hang: true } : { status: 200, body: 'ok' }));
    const account = await sandbox.createAccount({ webhook: { url: `${receiver.url}?case=inflight`, auth_token: 't' } });
    const id = await sendTestEvent(sandbox, account.api_key);
    await waitFor(() => (receiver.requests.length > before ? true : undefined), 'the hanging request');
    expect((await getDelivery(sandbox, account.api_key, id)).attempts).toHaveLength(0);

    await sandbox.restart();
    const delivery = await waitForAttempts(sandbox, account.api_key, id, 1);
    expect(delivery.status).toBe('succeeded');
    expect(delivery.attempts).toHaveLength(1);
    const sent = receiver.requests.filter((r) => r.path.includes('case=inflight'));
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers['webhook-id']).toBe(sent[0]?.headers['webhook-id']);
    expect(sent[1]?.body).toBe(sent[0]?.body);
  });

  it('keep a delivery that was never tried because the sandbox stopped first', async () => {
    receiver.respond(() => ({ status: 200, body: 'ok' }));
    const account = await sandbox.createAccount({ webhook: { url: `${receiver.url}?case=untried`, auth_token: 't' } });
    // Stopping right after queueing: whatever the first attempt managed, the delivery ends succeeded.
    const id = await sendTestEvent(sandbox, account.api_key);
    await sandbox.restart();
    const delivery = await waitForAttempts(sandbox, account.api_key, id, 1);
    expect(delivery.status).toBe('succeeded');
  });
});
