import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
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

  // PGlite runs one transaction at a time, so only PostgreSQL can show two instances racing.
  it.runIf(process.env.STORE_TEST_PG_URL)(
    'holds across two instances sharing PostgreSQL: bursts from two processes, each with its own pool, send exactly the share together',
    async () => {
      const now = 2_100_000_000_000;
      const { allowance } = await budgetState(now);
      const other = spawn(path.join('node_modules', '.bin', 'tsx'), ['--conditions=react-server', 'tests/store/budget-instance.ts'], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      try {
        const lines = readline.createInterface({ input: other.stdout })[Symbol.asyncIterator]();
        expect((await lines.next()).value).toBe('ready');
        // Each instance alone would stay within the share; together they offer twice and a half the share at once.
        const burst = Math.ceil(allowance * 1.25);
        other.stdin.write(`${JSON.stringify({ count: burst, at: now })}\n`);
        const here = await Promise.allSettled(Array.from({ length: burst }, (_, i) => reserveCall('page', now + i)));
        const there = JSON.parse(String((await lines.next()).value)) as { sent: number; refused: number; failed: number };
        const refusedHere = here.filter((o) => o.status === 'rejected');
        for (const o of refusedHere) expect(o.reason).toBeInstanceOf(CallBudgetSpentError);
        expect(there.failed).toBe(0);
        expect(here.length - refusedHere.length + there.sent).toBe(allowance);
        expect((await budgetState(now + burst)).usedLastMinute).toBe(allowance);
      } finally {
        other.stdin.end();
        other.kill();
      }
    },
    90_000,
  );
});
