import { setUpTestStore } from './use-test-store';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

await setUpTestStore('budget_history');

const { budgetState, callHistory, noteRateLimit, reserveCall } = await import('@/lib/connection/budget');
const { getDb, schema } = await import('@/lib/db');
const { writeSetting } = await import('@/lib/db/settings');

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Calls counted as made at these instants, with these purposes (any text: other versions may write others). */
async function callsAt(...calls: [at: number, purpose: string][]): Promise<void> {
  await (await getDb()).insert(schema.apiCalls).values(calls.map(([at, purpose]) => ({ at, purpose })));
}

async function storedInstants(): Promise<number[]> {
  const rows = await (await getDb()).select({ at: schema.apiCalls.at }).from(schema.apiCalls);
  return rows.map((r) => r.at).sort((a, b) => a - b);
}

beforeAll(() => getDb(), 120_000);
beforeEach(async () => {
  await (await getDb()).delete(schema.apiCalls);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the call history shown on the settings page', () => {
  it('counts each purpose over the last minute and hour, and per minute in sixty slots, oldest first', async () => {
    const now = 3_000_000_000_000;
    await callsAt(
      [now - 10_000, 'page'],
      [now - 20_000, 'change'],
      [now - 30_000, 'sync'],
      [now - 40_000, 'export'],
      [now - 5 * MINUTE - 1_000, 'page'],
      [now - 59 * MINUTE - 30_000, 'export'],
      // Older than the hour: not shown.
      [now - HOUR - 1_000, 'page'],
    );
    const history = await callHistory(now);
    expect(history.lastMinute).toEqual({ page: 1, change: 1, sync: 1, export: 1 });
    expect(history.lastHour).toEqual({ page: 2, change: 1, sync: 1, export: 2 });
    expect(history.perMinute.map((slot) => slot.minutesAgo)).toEqual(Array.from({ length: 60 }, (_, i) => 59 - i));
    const slot = (minutesAgo: number) => history.perMinute.find((s) => s.minutesAgo === minutesAgo)?.counts;
    expect(slot(0)).toEqual({ page: 1, change: 1, sync: 1, export: 1 });
    expect(slot(5)).toEqual({ page: 1, change: 0, sync: 0, export: 0 });
    expect(slot(59)).toEqual({ page: 0, change: 0, sync: 0, export: 1 });
    const others = history.perMinute.filter((s) => ![0, 5, 59].includes(s.minutesAgo));
    for (const s of others) expect(s.counts, `${s.minutesAgo} minutes ago`).toEqual({ page: 0, change: 0, sync: 0, export: 0 });
  });

  it('leaves out calls of a purpose it does not know (another version sharing the database) instead of breaking the totals', async () => {
    const now = 3_100_000_000_000;
    await callsAt([now - 1_000, 'page'], [now - 2_000, 'robots-refresh']);
    const history = await callHistory(now);
    expect(history.lastMinute).toEqual({ page: 1, change: 0, sync: 0, export: 0 });
    expect(history.lastHour).toEqual({ page: 1, change: 0, sync: 0, export: 0 });
  });

  it('counts a call stamped ahead of this server’s clock (another instance’s) in the hour without failing the chart', async () => {
    const now = 3_200_000_000_000;
    await callsAt([now + 90_000, 'change'], [now - 1_000, 'page']);
    const history = await callHistory(now);
    expect(history.lastHour).toEqual({ page: 1, change: 1, sync: 0, export: 0 });
    expect(history.perMinute).toHaveLength(60);
  });
});

describe('keeping the call table small', () => {
  it('drops calls older than an hour when its occasional clean-up runs, and keeps the last hour’s', async () => {
    const now = 3_300_000_000_000;
    await callsAt([now - 2 * HOUR, 'page'], [now - HOUR - 1, 'sync'], [now - HOUR + 1, 'sync'], [now - 10_000, 'page']);
    // The clean-up runs on one reservation in fifty, by chance: here, this one.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await reserveCall('page', now);
    expect(await storedInstants()).toEqual([now - HOUR + 1, now - 10_000, now]);
    expect((await budgetState(now)).usedLastMinute).toBe(2);
  });

  it('keeps every call on the reservations where the clean-up does not run', async () => {
    const now = 3_400_000_000_000;
    await callsAt([now - 2 * HOUR, 'page']);
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    await reserveCall('page', now);
    expect(await storedInstants()).toEqual([now - 2 * HOUR, now]);
  });
});

describe('the limit the budget is a share of', () => {
  it('is the contract’s default until the API states one, and ignores a stated limit that is not a whole number', async () => {
    expect(await budgetState(3_500_000_000_000)).toMatchObject({ limit: 300, limitSource: 'default', allowance: 90 });
    await noteRateLimit(undefined);
    await noteRateLimit(0);
    expect(await budgetState(3_500_000_000_000)).toMatchObject({ limit: 300, limitSource: 'default' });
    await noteRateLimit(120.5);
    expect(await budgetState(3_500_000_000_000)).toMatchObject({ limit: 300, limitSource: 'default' });
    await noteRateLimit(120);
    expect(await budgetState(3_500_000_000_000)).toMatchObject({ limit: 120, limitSource: 'learned', allowance: 36, syncAllowance: 18 });
    // An answer without the header (or with a zero) leaves the learned limit as it was.
    await noteRateLimit(undefined);
    await noteRateLimit(0);
    expect(await budgetState(3_500_000_000_000)).toMatchObject({ limit: 120, limitSource: 'learned' });
  });

  it('gives the dashboard at least one call a minute, and background work at least one, however small the limit', async () => {
    await noteRateLimit(1);
    expect(await budgetState(3_600_000_000_000)).toMatchObject({ limit: 1, allowance: 1, syncAllowance: 1 });
    await noteRateLimit(5);
    expect(await budgetState(3_600_000_000_000)).toMatchObject({ limit: 5, allowance: 1, syncAllowance: 1 });
  });

  it('uses a limit another instance learned: the setting’s name is shared by every instance and version', async () => {
    await writeSetting('api_rate_limit_per_minute', '600');
    expect(await budgetState(3_700_000_000_000)).toMatchObject({ limit: 600, limitSource: 'learned', allowance: 180 });
  });
});
