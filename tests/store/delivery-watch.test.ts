import { setUpTestStore } from './use-test-store';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createPartnerClient } from '@/lib/partner/client';
import type { AccountCreated } from '../api/support';
import { listDeliveries, sendTestEvent, setUpSandboxAndReceiver, waitFor, WAITS_MS } from '../api/webhooks-support';

await setUpTestStore('delivery_watch');

const { getDb, schema } = await import('@/lib/db');
const { watchDeliveries } = await import('@/lib/deliveries/watch-pass');
const { deliveryWatchStatus, watchedDeliveries } = await import('@/lib/deliveries/watch');
const { KEPT_BODY_CHARS } = await import('@/lib/deliveries/watch-store');
const { saveApiKey } = await import('@/lib/settings/saved-key');

const { sandbox, receiver } = setUpSandboxAndReceiver({ webhookTimeoutMs: 400 });

// The path says how to answer: ?status=500 fails every attempt, ?flaky=n fails the first n requests to that path.
receiver.respond((request) => {
  const query = new URL(request.path, 'http://x').searchParams;
  const flaky = Number(query.get('flaky') ?? '0');
  if (flaky > 0) {
    const earlier = receiver.requests.filter((r) => r.path === request.path).length - 1;
    return { status: earlier < flaky ? 500 : 200 };
  }
  const status = Number(query.get('status') ?? '200');
  return { status, body: status >= 400 ? `refused: ${'x'.repeat(2000)}` : 'ok' };
});

const DAY_S = 24 * 3600;

beforeAll(async () => {
  // Read once, on the dashboard's first use of its settings: the pass's own client is pointed here.
  process.env.PARTNER_API_URL = sandbox.url;
  // Opening the store runs its migrations: slow on a busy machine, and no test's own time.
  await getDb();
}, 120_000);

beforeEach(async () => {
  const db = await getDb();
  await db.delete(schema.watchedDeliveries);
  await db.delete(schema.apiCalls);
  await db.delete(schema.settings).where(eq(schema.settings.key, 'mirror:deliveries'));
});

async function accountAnswering(query: string): Promise<AccountCreated> {
  return sandbox.createAccount({ webhook: { url: `${receiver.url}?${query}`, auth_token: 't' }, rate_limit_per_minute: 100_000 });
}

/** The account's deliveries read as the dashboard's client reads them, each call counted. */
function reader(account: AccountCreated) {
  const client = createPartnerClient({ baseUrl: sandbox.url, apiKey: account.api_key, retryBaseDelayMs: 1 });
  const calls: { status: string | undefined; offset: number }[] = [];
  return {
    calls,
    read: async (query: Parameters<typeof client.listDeliveries>[0] & { limit: number; offset: number }) => {
      calls.push({ status: query.status, offset: query.offset });
      return (await client.listDeliveries(query)).data;
    },
  };
}

/** Waits until none of the account's deliveries is pending (the first attempt is immediate). */
async function attempted(account: AccountCreated, count: number): Promise<void> {
  await waitFor(async () => {
    const list = await listDeliveries(sandbox, account.api_key, '?limit=100');
    return list.data.length >= count && list.data.every((d) => d.status !== 'pending') ? true : undefined;
  }, `${count} attempted deliveries`);
}

const sandboxNow = async () => (await sandbox.now()).getTime();

async function held(): Promise<Map<string, { status: string; attempts: number; inferred: boolean }>> {
  const rows = await (await getDb()).select().from(schema.watchedDeliveries);
  return new Map(
    rows.map((r) => [r.deliveryId, { status: r.status, attempts: (JSON.parse(r.attempts) as unknown[]).length, inferred: r.inferred }]),
  );
}

describe('the deliveries watch', () => {
  it('picks up the newest deliveries, then only what is new, in a handful of calls', async () => {
    const account = await accountAnswering('status=200');
    const first = [await sendTestEvent(sandbox, account.api_key), await sendTestEvent(sandbox, account.api_key)];
    await attempted(account, 2);
    const source = reader(account);
    const pass = await watchDeliveries({ read: source.read, maxCalls: 10, now: await sandboxNow() });
    expect(pass).toMatchObject({ behind: false, newest: 2, settled: 0 });
    expect([...(await held()).keys()].sort()).toEqual([...first].sort());
    expect([...(await held()).values()].every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);

    const later = await sendTestEvent(sandbox, account.api_key);
    await attempted(account, 3);
    source.calls.length = 0;
    const again = await watchDeliveries({ read: source.read, maxCalls: 10, now: await sandboxNow() });
    expect(again).toMatchObject({ behind: false, newest: 1 });
    // The newest page, the pending and retrying lists, one page of failed.
    expect(source.calls.map((c) => c.status ?? 'all')).toEqual(['all', 'pending', 'retrying', 'failed']);
    expect(again.calls).toBe(4);
    expect((await held()).get(later)?.status).toBe('succeeded');

    const window = await watchedDeliveries({
      from: new Date((await sandboxNow()) - 3_600_000),
      to: new Date((await sandboxNow()) + 60_000),
    });
    expect(window.sampled).toBe(false);
    expect(window.deliveries.map((d) => d.deliveryId)).toEqual([...first, later]);
    expect(window.status).toMatchObject({ behind: false, callsUsed: 4, callBound: 10 });
  });

  it('updates a delivery that was retrying and then failed, and settles one that then succeeded', async () => {
    const failing = await accountAnswering('status=500&case=fails');
    const doomed = await sendTestEvent(sandbox, failing.api_key);
    await attempted(failing, 1);
    const source = reader(failing);
    await watchDeliveries({ read: source.read, maxCalls: 10, now: await sandboxNow() });
    expect((await held()).get(doomed)).toMatchObject({ status: 'retrying', attempts: 1 });

    // Every retry falls due: about 28 hours on the sandbox's clock.
    await sandbox.advanceClock(WAITS_MS.reduce((a, b) => a + b, 0) / 1000 + 60);
    await waitFor(async () => {
      const list = await listDeliveries(sandbox, failing.api_key, '?status=failed');
      return list.data.some((d) => d.delivery_id === doomed) ? true : undefined;
    }, 'the delivery to fail');
    source.calls.length = 0;
    const pass = await watchDeliveries({ read: source.read, maxCalls: 10, now: await sandboxNow() });
    expect(pass.behind).toBe(false);
    // Re-read through the status lists, not one call per delivery.
    expect(source.calls.every((c) => c.offset === 0)).toBe(true);
    expect((await held()).get(doomed)).toMatchObject({ status: 'failed', attempts: 8, inferred: false });
    // Of the endpoint's answers only the last failed one is kept, cut short; the health view shows it.
    const [kept] = await (await getDb()).select().from(schema.watchedDeliveries).where(eq(schema.watchedDeliveries.deliveryId, doomed));
    const bodies = (JSON.parse(kept?.attempts ?? '[]') as { response_body?: string }[]).map((a) => a.response_body);
    expect(bodies.slice(0, -1).every((body) => body === undefined)).toBe(true);
    expect(bodies.at(-1)).toBe(`refused: ${'x'.repeat(KEPT_BODY_CHARS - 'refused: '.length)}`);

    // One that recovers, below a newer one held since: the newest pages stop before reaching it.
    const flaky = await accountAnswering('flaky=1&case=recovers');
    const recovered = await sendTestEvent(sandbox, flaky.api_key);
    await attempted(flaky, 1);
    await sendTestEvent(sandbox, flaky.api_key);
    await attempted(flaky, 2);
    const flakySource = reader(flaky);
    await watchDeliveries({ read: flakySource.read, maxCalls: 10, pageSize: 1, now: await sandboxNow() });
    expect((await held()).get(recovered)).toMatchObject({ status: 'retrying' });
    await sandbox.advanceClock(6);
    await waitFor(async () => {
      const list = await listDeliveries(sandbox, flaky.api_key, '?status=succeeded');
      return list.data.some((d) => d.delivery_id === recovered) ? true : undefined;
    }, 'the delivery to succeed');
    await sendTestEvent(sandbox, flaky.api_key);
    await attempted(flaky, 3);
    const settled = await watchDeliveries({ read: flakySource.read, maxCalls: 10, pageSize: 1, now: await sandboxNow() });
    expect(settled).toMatchObject({ behind: false, newest: 1, settled: 1 });
    expect((await held()).get(recovered)).toMatchObject({ status: 'succeeded', inferred: true });
  });

  it('stays within its call bound and, cut short, keeps the newest and says it is behind', async () => {
    const account = await accountAnswering('status=200&case=many');
    const ids: string[] = [];
    for (let i = 0; i < 35; i++) ids.push(await sendTestEvent(sandbox, account.api_key));
    await attempted(account, 35);
    const source = reader(account);
    const now = await sandboxNow();
    const pass = await watchDeliveries({ read: source.read, maxCalls: 4, pageSize: 10, now });
    expect(source.calls.length).toBe(pass.calls);
    expect(pass.calls).toBeLessThanOrEqual(4);
    expect(pass).toMatchObject({ behind: true, newest: 10 });
    // The ten newest: the list is newest first.
    expect([...(await held()).keys()].sort()).toEqual(ids.slice(-10).sort());
    const status = await deliveryWatchStatus();
    expect(status).toMatchObject({ behind: true, callsUsed: pass.calls, callBound: 4 });
    expect(status.completeSince).not.toBeNull();
    const window = { from: new Date(now - 3_600_000), to: new Date(now + 60_000) };
    expect((await watchedDeliveries(window)).sampled).toBe(true);

    // A later pass with room meets what it holds and is no longer behind; what the first one
    // could not read stays unread, so only a window from the complete point is whole.
    const next = await watchDeliveries({ read: source.read, maxCalls: 20, pageSize: 10, now: await sandboxNow() });
    expect(next).toMatchObject({ behind: false, newest: 0 });
    expect((await watchedDeliveries(window)).sampled).toBe(true);
    const since = new Date((await deliveryWatchStatus()).completeSince ?? 0);
    expect((await watchedDeliveries({ from: since, to: window.to })).sampled).toBe(false);
  });

  it('reads as background work, within half the background share, by default', async () => {
    const account = await accountAnswering('status=200&case=budget');
    await saveApiKey(account.api_key, { actor: 'admin@example.com', requestId: null });
    await sendTestEvent(sandbox, account.api_key);
    await attempted(account, 1);
    const pass = await watchDeliveries({ now: await sandboxNow() });
    // 300 calls a minute (the contract's default) at a 30 % share: 90, of which background work gets 45.
    expect(pass).toMatchObject({ bound: 22, calls: 4, behind: false, newest: 1 });
    const calls = await (await getDb()).select().from(schema.apiCalls);
    expect(calls.map((c) => c.purpose)).toEqual(['sync', 'sync', 'sync', 'sync']);
  });

  it('drops deliveries older than 30 days', async () => {
    const account = await accountAnswering('status=200&case=old');
    const old = await sendTestEvent(sandbox, account.api_key);
    await attempted(account, 1);
    const source = reader(account);
    await watchDeliveries({ read: source.read, maxCalls: 10, now: await sandboxNow() });
    expect((await held()).has(old)).toBe(true);

    await sandbox.advanceClock(31 * DAY_S);
    const fresh = await sendTestEvent(sandbox, account.api_key);
    await attempted(account, 2);
    const pass = await watchDeliveries({ read: source.read, maxCalls: 10, now: await sandboxNow() });
    expect(pass.pruned).toBe(1);
    expect([...(await held()).keys()]).toEqual([fresh]);
  });
});
