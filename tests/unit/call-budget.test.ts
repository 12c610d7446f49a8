import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.DATA_DIR = `/tmp/budget-test-${process.pid}-${Date.now()}`;
  process.env.AUTH_SECRET = 'budget-test-secret-0123456789abcdefghijklmn';
});

// The dashboard store this file made for itself goes with it.
afterAll(() => rmSync(process.env.DATA_DIR ?? '/nonexistent', { recursive: true, force: true }));

const { budgetState, callHistory, CallBudgetSpentError, noteRateLimit, reserveCall } = await import('@/lib/connection/budget');

describe('the dashboard’s call budget', () => {
  it('holds under a burst of views: exactly its share of the limit goes out, the rest is refused before sending', () => {
    const now = 1_800_000_000_000;
    expect(budgetState(now)).toMatchObject({ limit: 300, sharePercent: 30, allowance: 90, syncAllowance: 45, usedLastMinute: 0 });
    let sent = 0;
    let refused = 0;
    for (let i = 0; i < 200; i++) {
      try {
        reserveCall('page', now + i);
        sent += 1;
      } catch (err) {
        expect(err).toBeInstanceOf(CallBudgetSpentError);
        refused += 1;
      }
    }
    expect(sent).toBe(90);
    expect(refused).toBe(110);
    // The window slides: a minute after the first call, its slot is free again.
    expect(() => reserveCall('page', now + 60_000)).not.toThrow();
    expect(() => reserveCall('page', now + 60_000)).toThrow(CallBudgetSpentError);
  });

  it('lets background sync use only half of the share, so people keep room', () => {
    const now = 1_900_000_000_000;
    let synced = 0;
    for (let i = 0; i < 100; i++) {
      try {
        reserveCall('sync', now + i);
        synced += 1;
      } catch {
        // refused: the sync waits for a slot
      }
    }
    expect(synced).toBe(45);
    expect(() => reserveCall('page', now + 200)).not.toThrow();
    const error = (() => {
      try {
        for (let i = 0; i < 100; i++) reserveCall('page', now + 300 + i);
      } catch (err) {
        return err;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(CallBudgetSpentError);
    expect((error as InstanceType<typeof CallBudgetSpentError>).retryInSeconds).toBe(60);
    const history = callHistory(now + 1_000);
    expect(history.lastMinute.sync).toBe(45);
    expect(history.lastMinute.page).toBe(45);
    expect(history.perMinute.at(-1)?.counts.sync).toBe(45);
  });

  it('learns the account’s limit from the API', () => {
    noteRateLimit(1000);
    expect(budgetState(2_000_000_000_000)).toMatchObject({ limit: 1000, limitSource: 'learned', allowance: 300, syncAllowance: 150 });
  });
});
