import { setUpTestStore } from './use-test-store';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

await setUpTestStore('budget_waits');

const { CallBudgetSpentError, reserveCall, whenBudgetAllows } = await import('@/lib/connection/budget');
const { getDb, schema } = await import('@/lib/db');

/** Page views counted as made at `at`, written in one go so that the clock barely moves meanwhile. */
async function callsMadeAt(at: number, count: number): Promise<void> {
  await (await getDb()).insert(schema.apiCalls).values(Array.from({ length: count }, () => ({ at, purpose: 'page' as const })));
}

// Opening the store runs its migrations: slow on a busy machine, and no test's own time.
beforeAll(() => getDb(), 120_000);

// Each test starts from a minute without calls: what one counts must not spill into the next.
beforeEach(async () => {
  await (await getDb()).delete(schema.apiCalls);
});

/** A background sync call that counts its attempts. */
function countedSync() {
  const attempts: number[] = [];
  return {
    attempts,
    call: async () => {
      attempts.push(Date.now());
      await reserveCall('sync');
      return 'sent';
    },
  };
}

// Real time: the budget's window is measured from the clock, and these tests wait on it.
describe('background work waiting for the call budget', () => {
  it('is not held back when the share has room: one attempt, sent at once', async () => {
    const sync = countedSync();
    await expect(whenBudgetAllows(sync.call)).resolves.toBe('sent');
    expect(sync.attempts).toHaveLength(1);
  });

  it('passes any other failure through at once, without waiting or trying again', async () => {
    let attempts = 0;
    const failure = new Error('the API is down');
    await expect(
      whenBudgetAllows(async () => {
        attempts += 1;
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(attempts).toBe(1);
  });

  it('sleeps until the oldest call leaves the minute, then sends: two attempts a second apart', async () => {
    const start = Date.now();
    // Sync may use half of the share (45 of 90): the window is full of calls made 59 s ago.
    await callsMadeAt(start - 59_000, 45);
    const sync = countedSync();
    await expect(whenBudgetAllows(sync.call)).resolves.toBe('sent');
    expect(sync.attempts).toHaveLength(2);
    const [first = 0, second = 0] = sync.attempts;
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(second - first).toBeLessThan(5_000);
  });

  it('gives up with the budget error once its patience is spent, instead of waiting on', async () => {
    const start = Date.now();
    // Calls 59 s old leave within a second, but as many made just now keep the share spent for a minute.
    await callsMadeAt(start - 59_000, 45);
    await callsMadeAt(start, 45);
    const sync = countedSync();
    const error: unknown = await whenBudgetAllows(sync.call, 500).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(CallBudgetSpentError);
    expect((error as InstanceType<typeof CallBudgetSpentError>).retryInSeconds).toBeGreaterThan(50);
    // It waited for the first slot (within its patience when it began to wait), then stopped.
    expect(sync.attempts).toHaveLength(2);
  });
});
