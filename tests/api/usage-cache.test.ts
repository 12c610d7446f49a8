import { describe, expect, it } from 'vitest';
import { postConversation, setUpSandbox } from './support';
import { DAY, entryOf, iso, usage } from './usage-support';

const sandbox = setUpSandbox();

describe('GET /v1/usage cache (D13)', () => {
  it('answers a repeated query from the cache for 60 s on the sandbox clock, then afresh', async () => {
    const account = await sandbox.createAccount();
    const robot = await sandbox.createRobot(account.account_id);
    await postConversation(sandbox, robot.id, [{ role: 'client' }]);
    const now = (await sandbox.now()).getTime();
    const query = { from: iso(now - DAY), to: iso(now + 10 * DAY) };

    const first = await usage(sandbox, account.api_key, query);
    expect(first.body.metadata.cache_hit).toBe(false);
    expect(entryOf(first.body, robot.id).messages.total).toBe(1);

    await postConversation(sandbox, robot.id, [{ role: 'client' }, { role: 'ai' }]);
    // 58 s, not 59: the clock also runs on wall time, and a slow machine may take a second here.
    await sandbox.advanceClock(58);
    const second = await usage(sandbox, account.api_key, query);
    expect(second.body.metadata).toEqual({ processed_at: first.body.metadata.processed_at, cache_hit: true });
    expect(second.body.data).toEqual(first.body.data);
    expect(second.body.window).toEqual(first.body.window);

    // Another query (page size) or another account is another cache entry.
    const other = await usage(sandbox, account.api_key, { ...query, limit: 10 });
    expect(other.body.metadata.cache_hit).toBe(false);
    expect(entryOf(other.body, robot.id).messages.total).toBe(3);
    const stranger = await sandbox.createAccount();
    const strangers = await usage(sandbox, stranger.api_key, query);
    expect(strangers.body.metadata.cache_hit).toBe(false);
    expect(strangers.body.data).toEqual([]);

    await sandbox.advanceClock(2);
    const fresh = await usage(sandbox, account.api_key, query);
    expect(fresh.body.metadata.cache_hit).toBe(false);
    expect(Date.parse(fresh.body.metadata.processed_at)).toBeGreaterThanOrEqual(Date.parse(first.body.metadata.processed_at) + 60_000);
    expect(entryOf(fresh.body, robot.id).messages.total).toBe(3);
  });

  it('normalises the query: defaults, parameter order and equal instants share an entry', async () => {
    const account = await sandbox.createAccount();
    await sandbox.createRobot(account.account_id);
    const first = await sandbox.api<{ metadata: { processed_at: string; cache_hit: boolean } }>(
      account.api_key,
      '/v1/usage?from=2026-01-01T00:00:00Z&to=2026-01-31T00:00:00Z',
    );
    const reordered = await sandbox.api<{ window: { from: string }; metadata: { processed_at: string; cache_hit: boolean } }>(
      account.api_key,
      '/v1/usage?limit=50&to=2026-01-31T00:00:00.000Z&offset=0&from=2026-01-01T01:00:00%2B01:00',
    );
    expect(reordered.body.metadata).toEqual({ processed_at: first.body.metadata.processed_at, cache_hit: true });
    // The window echoes this request's own values.
    expect(reordered.body.window.from).toBe('2026-01-01T01:00:00+01:00');
  });

  it('caches the default window with its original bounds', async () => {
    const account = await sandbox.createAccount();
    await sandbox.createRobot(account.account_id);
    const first = await usage(sandbox, account.api_key);
    await sandbox.advanceClock(30);
    const second = await usage(sandbox, account.api_key);
    expect(second.body.metadata).toEqual({ processed_at: first.body.metadata.processed_at, cache_hit: true });
    expect(second.body.window).toEqual(first.body.window);
    await sandbox.advanceClock(30);
    const third = await usage(sandbox, account.api_key);
    expect(third.body.metadata.cache_hit).toBe(false);
    expect(Date.parse(third.body.window.to)).toBeGreaterThan(Date.parse(first.body.window.to));
  });
});
