import { setUpTestStore } from './use-test-store';
import { describe, expect, it } from 'vitest';

await setUpTestStore('budget');

const { budgetState, callHistory, CallBudgetSpentError, noteRateLimit, reserveCall } = await import('@/lib/connection/budget');

describe('the dashboard’s call budget', () => {
  it('holds under a burst of concurrent views: exactly its share of the limit goes out, the rest is refused before sending', async () => {
    const now = 1_800_000_000_000;
    expect(await budgetState(now)).toMatchObject({ limit: 300, sharePercent: 30, allowance: 90, syncAllowance: 45, usedLastMinute: 0 });
    const outcomes = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => reserveCall('page', now + i)));
    const refused = outcomes.filter((o) => o.status === 'rejected');
    for (const o of refused) expect(o.reason).toBeInstanceOf(CallBudgetSpentError);
    expect(outcomes.length - refused.length).toBe(90);
    expect(refused).toHaveLength(110);
    // The window slides: a minute after the first call, its slot is free again.
    await expect(reserveCall('page', now + 60_000)).resolves.toBeUndefined();
    await expect(reserveCall('page', now + 60_000)).rejects.toThrow(CallBudgetSpentError);
  });

  it('lets background sync use only half of the share, so people keep room', async () => {
    const now = 1_900_000_000_000;
    let synced = 0;
    for (let i = 0; i < 100; i++) {
      try {
        await reserveCall('sync', now + i);
        synced += 1;
      } catch {
        // refused: the sync waits for a slot
      }
    }
    expect(synced).toBe(45);
    await expect(reserveCall('page', now + 200)).resolves.toBeUndefined();
    const error = await (async () => {
      try {
        for (let i = 0; i < 100; i++) await reserveCall('page', now + 300 + i);
      } catch (err) {
        return err;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(CallBudgetSpentError);
    expect((error as InstanceType<typeof CallBudgetSpentError>).retryInSeconds).toBe(60);
    const history = await callHistory(now + 1_000);
    expect(history.lastMinute.sync).toBe(45);
    expect(history.lastMinute.page).toBe(45);
    expect(history.perMinute.at(-1)?.counts.sync).toBe(45);
  });

  it('learns the account’s limit from the API', async () => {
    await noteRateLimit(1000);
    expect(await budgetState(2_000_000_000_000)).toMatchObject({ limit: 1000, limitSource: 'learned', allowance: 300, syncAllowance: 150 });
  });
});
