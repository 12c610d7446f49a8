import { describe, expect, it } from 'vitest';
import { sendTestEvent, setUpSandboxAndReceiver, waitFor, waitForAttempts } from './webhooks-support';

const { sandbox, receiver } = setUpSandboxAndReceiver();

describe('the dispatcher', () => {
  it('never lets a hanging endpoint stall another account’s deliveries', { timeout: 30_000 }, async () => {
    receiver.respond((request) => (request.path.includes('who=hanging') ? { status: 200, hang: true } : { status: 200, body: 'ok' }));
    const hanging = await sandbox.createAccount({
      webhook: { url: `${receiver.url}?who=hanging`, auth_token: 't' },
      rate_limit_per_minute: 1000,
    });
    const healthy = await sandbox.createAccount({ webhook: { url: `${receiver.url}?who=healthy`, auth_token: 't' } });
    // More hanging sends than the hanging account may hold at once.
    for (let i = 0; i < 20; i++) await sendTestEvent(sandbox, hanging.api_key);
    await waitFor(
      () => (receiver.requests.filter((r) => r.path.includes('who=hanging')).length >= 8 ? true : undefined),
      'the hanging sends',
    );
    const started = Date.now();
    const id = await sendTestEvent(sandbox, healthy.api_key);
    const delivery = await waitForAttempts(sandbox, healthy.api_key, id, 1, 5_000);
    expect(delivery.status).toBe('succeeded');
    expect(Date.now() - started).toBeLessThan(2_000);
    // The hanging account holds at most its share of the slots.
    expect(receiver.requests.filter((r) => r.path.includes('who=hanging')).length).toBe(8);
  });
});
