import { describe, expect, it } from 'vitest';
import { freePort, getDelivery, HOUR, MINUTE, sendTestEvent, setUpSandboxAndReceiver, waitForAttempts, WAITS_MS } from './webhooks-support';

// A short answer deadline so that the "too slow" case runs in well under a second.
const TIMEOUT_MS = 400;

const { sandbox, receiver } = setUpSandboxAndReceiver({ webhookTimeoutMs: TIMEOUT_MS });

// The path says how to answer: /hooks?status=503, /hooks?slow=1, /hooks?big=1 …
receiver.respond((request) => {
  const query = new URL(request.path, 'http://x').searchParams;
  if (query.has('slow')) return { status: 200, body: 'late', delayMs: TIMEOUT_MS * 3 };
  if (query.has('big')) return { status: 500, body: 'x'.repeat(10_000) };
  if (query.has('redirect')) return { status: 302, headers: { Location: `${receiver.url}?landed=1` }, body: 'moved' };
  return { status: Number(query.get('status') ?? '200'), body: `answer ${query.get('status') ?? '200'}` };
});

async function accountAt(url: string) {
  return sandbox.createAccount({ webhook: { url, auth_token: 't' } });
}

const at = (iso: string) => Date.parse(iso);
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('retry schedule (D20)', () => {
  it('retries exactly 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after the attempt before, then fails after 8', async () => {
    const account = await accountAt(`${receiver.url}?status=500&case=schedule`);
    const id = await sendTestEvent(sandbox, account.api_key);
    let delivery = await waitForAttempts(sandbox, account.api_key, id, 1);
    expect(delivery.attempts[0]?.attempted_at).toBe(delivery.created_at);

    // Not due early. The sandbox clock also runs on wall time, so this stops 2 s short of the 5 s,
    // room for a slow machine; the exact wait is asserted on the attempts' times below.
    await sandbox.advanceClock(3);
    await settle();
    expect((await getDelivery(sandbox, account.api_key, id)).attempts).toHaveLength(1);
    await sandbox.advanceClock(2);

    for (let n = 2; n <= 8; n += 1) {
      if (n > 2) await sandbox.advanceClock((WAITS_MS[n - 2] ?? 0) / 1000);
      delivery = await waitForAttempts(sandbox, account.api_key, id, n);
      const previous = delivery.attempts[n - 2];
      const current = delivery.attempts[n - 1];
      expect(current?.attempt).toBe(n);
      expect(at(current?.attempted_at ?? '') - at(previous?.attempted_at ?? '')).toBe(WAITS_MS[n - 2]);
      if (n < 8) {
        expect(delivery.status).toBe('retrying');
        expect(at(delivery.next_attempt_at ?? '')).toBe(at(current?.attempted_at ?? '') + (WAITS_MS[n - 1] ?? 0));
      }
    }
    expect(delivery.status).toBe('failed');
    expect(delivery.next_attempt_at).toBeNull();
    expect(delivery.attempts.every((a) => a.response_status === 500 && a.response_body === 'answer 500')).toBe(true);

    // Nothing more, however far the clock goes.
    await sandbox.advanceClock((100 * HOUR) / 1000);
    await settle();
    expect((await getDelivery(sandbox, account.api_key, id)).attempts).toHaveLength(8);

    const sent = receiver.requests.filter((r) => r.path.includes('case=schedule'));
    expect(sent).toHaveLength(8);
    expect(new Set(sent.map((r) => r.headers['webhook-id']))).toEqual(new Set([delivery.event_id]));
  });

  it('replays every attempt that falls due in one long advance, each timed from the one before', async () => {
    const account = await accountAt(`${receiver.url}?status=503&case=jump`);
    const id = await sendTestEvent(sandbox, account.api_key);
    await waitForAttempts(sandbox, account.api_key, id, 1);
    await sandbox.advanceClock((2 * HOUR + 40 * MINUTE) / 1000);
    const delivery = await waitForAttempts(sandbox, account.api_key, id, 5, 3000);
    await settle();
    const again = await getDelivery(sandbox, account.api_key, id);
    expect(again.attempts).toHaveLength(5);
    const times = again.attempts.map((a) => at(a.attempted_at));
    expect(times.slice(1).map((t, i) => t - (times[i] ?? 0))).toEqual(WAITS_MS.slice(0, 4));
    expect(again.status).toBe('retrying');
    expect(at(again.next_attempt_at ?? '')).toBe((times[4] ?? 0) + 5 * HOUR);
    expect(delivery.delivery_id).toBe(id);
  });
});

describe('what counts as delivered (D19)', () => {
  it('succeeds on any 2xx', async () => {
    for (const status of [200, 201, 202, 204, 299]) {
      const account = await accountAt(`${receiver.url}?status=${status}`);
      const id = await sendTestEvent(sandbox, account.api_key);
      const delivery = await waitForAttempts(sandbox, account.api_key, id, 1);
      expect(delivery.status, String(status)).toBe('succeeded');
      expect(delivery.attempts[0]).toMatchObject({ response_status: status, error: null });
    }
  });

  it('fails on 3xx (redirects not followed), 4xx and 5xx, recording status, body and error', async () => {
    for (const [query, status] of [
      ['redirect=1', 302],
      ['status=400', 400],
      ['status=401', 401],
      ['status=410', 410],
      ['status=500', 500],
      ['status=503', 503],
    ] as const) {
      const account = await accountAt(`${receiver.url}?${query}`);
      const id = await sendTestEvent(sandbox, account.api_key);
      const delivery = await waitForAttempts(sandbox, account.api_key, id, 1);
      expect(delivery.status, query).toBe('retrying');
      expect(delivery.attempts[0]).toMatchObject({ attempt: 1, response_status: status, error: expect.stringContaining(String(status)) });
      expect(delivery.attempts[0]?.duration_ms).toBeGreaterThanOrEqual(0);
    }
    expect(receiver.requests.some((r) => r.path.includes('landed=1'))).toBe(false);
  });

  it('keeps the first 4 KiB of the answer', async () => {
    const account = await accountAt(`${receiver.url}?big=1`);
    const id = await sendTestEvent(sandbox, account.api_key);
    const delivery = await waitForAttempts(sandbox, account.api_key, id, 1);
    expect(delivery.attempts[0]?.response_body).toBe('x'.repeat(4096));
  });

  it('fails an answer slower than the deadline, with no status', async () => {
    const account = await accountAt(`${receiver.url}?slow=1`);
    const id = await sendTestEvent(sandbox, account.api_key);
    const delivery = await waitForAttempts(sandbox, account.api_key, id, 1);
    expect(delivery.status).toBe('retrying');
    expect(delivery.attempts[0]).toMatchObject({ response_status: null, response_body: null, error: expect.stringMatching(/timed out/) });
    expect(delivery.attempts[0]?.duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
  });

  it('fails a refused connection, with no status', async () => {
    const account = await accountAt(`http://127.0.0.1:${await freePort()}/hooks`);
    const id = await sendTestEvent(sandbox, account.api_key);
    const delivery = await waitForAttempts(sandbox, account.api_key, id, 1);
    expect(delivery.status).toBe('retrying');
    expect(delivery.attempts[0]).toMatchObject({ response_status: null, error: expect.stringMatching(/ECONNREFUSED/) });
  });

  it('fails a host that does not resolve, with no status', async () => {
    const account = await accountAt('http://no-such-host.invalid/hooks');
    const id = await sendTestEvent(sandbox, account.api_key);
    const delivery = await waitForAttempts(sandbox, account.api_key, id, 1);
    expect(delivery.status).toBe('retrying');
    // Without a resolver at hand the lookup may also run into the deadline.
    expect(delivery.attempts[0]).toMatchObject({ response_status: null, error: expect.stringMatching(/ENOTFOUND|EAI_AGAIN|timed out/) });
  });

  it('does not let slow endpoints hold up a fast one', async () => {
    const slow = await accountAt(`${receiver.url}?slow=1&case=crowd`);
    for (let i = 0; i < 6; i += 1) await sendTestEvent(sandbox, slow.api_key);
    const fast = await accountAt(`${receiver.url}?status=200&case=fast`);
    const id = await sendTestEvent(sandbox, fast.api_key);
    const delivery = await waitForAttempts(sandbox, fast.api_key, id, 1, 4 * TIMEOUT_MS);
    expect(delivery.status).toBe('succeeded');
  });
});
