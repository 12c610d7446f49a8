import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createControlClient, unwrap } from '../../sandbox/control-client/client';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import { setUpTestStore } from './use-test-store';

// The daily usage series against the sandbox: each closed day is read once into the store, and
// for any window, robot or customer the series equals the sum of single-day usage answers, also
// after the sandbox clock moves on.

await setUpTestStore('usage_series');

const ADMIN_TOKEN = 'usage-series-admin-token-0123456789';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'usage-series-'));
let sandbox: RunningSandbox;
let apiKey = '';
const robots: { id: string; externalId: string }[] = [];

const { fillPass, fillProgress } = await import('@/lib/usage-series/fill');
const { usageSeries } = await import('@/lib/usage-series/series');
const { addDays, dayWindow, newestClosedDay } = await import('@/lib/usage-series/days');
const { lookAtNewest } = await import('@/lib/robots/robots');
const { getDb, schema } = await import('@/lib/db');

type Figures = { client: number; ai: number; operator: number; messages: number; units: number };

/** The API's own answer for one day, summed over the robots given: what the series must equal. */
async function singleDay(day: string, robotIds: string[]): Promise<Figures> {
  const total: Figures = { client: 0, ai: 0, operator: 0, messages: 0, units: 0 };
  for (const robotId of robotIds) {
    const query = new URLSearchParams({ ...dayWindow(day), robot_id: robotId });
    const res = await fetch(`${sandbox.url}/v1/usage?${query}`, { headers: { authorization: `Bearer ${apiKey}` } });
    const body = (await res.json()) as { data: { messages: { total: number; units: number; by_role: Record<string, number> } }[] };
    for (const entry of body.data) {
      total.client += entry.messages.by_role.client ?? 0;
      total.ai += entry.messages.by_role.ai ?? 0;
      total.operator += entry.messages.by_role.operator ?? 0;
      total.messages += entry.messages.total;
      total.units += entry.messages.units;
    }
  }
  return total;
}

async function serviceNow(): Promise<number> {
  return Date.parse(unwrap(await createControlClient(fetch, sandbox.url, ADMIN_TOKEN).clock(), 'clock').now);
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, dataDir: path.join(dir, 'sandbox'), adminToken: ADMIN_TOKEN, log: () => {} });
  const control = createControlClient(fetch, sandbox.url, ADMIN_TOKEN);
  const account = unwrap(await control.createAccount({ name: 'Usage series', rate_limit_per_minute: 100_000 }), 'account');
  apiKey = account.api_key;
  for (let i = 0; i < 5; i++) {
    const externalId = i < 2 ? 'cust-shared' : `cust-${i}`;
    const robot = unwrap(
      await control.createRobot(account.account_id, {
        name: `Robot ${i}`,
        external_id: externalId,
        model: i === 1 ? 'enhanced' : 'standard',
      }),
      'robot',
    );
    robots.push({ id: robot.id, externalId });
  }
  unwrap(await control.simulateHistory(account.account_id, { days: 20, seed: 7 }), 'history');
  process.env.PARTNER_API_URL = sandbox.url;
  process.env.PARTNER_API_KEY = apiKey;
  process.env.PARTNER_API_MODE = 'real';
  process.env.PARTNER_RATE_LIMIT_PER_MINUTE = '100000';
  await getDb();
  await lookAtNewest();
}, 120_000);

afterAll(async () => {
  await sandbox?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function checkWindows(newest: string, runs: number): Promise<void> {
  const scopes = [
    { kind: 'account' as const, ids: () => robots.map((r) => r.id) },
    ...robots.map((r) => ({ kind: 'robot' as const, robotId: r.id, ids: () => [r.id] })),
    {
      kind: 'customer' as const,
      externalId: 'cust-shared',
      ids: () => robots.filter((r) => r.externalId === 'cust-shared').map((r) => r.id),
    },
  ];
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 0, max: 18 }),
      fc.integer({ min: 1, max: 6 }),
      fc.constantFrom(...scopes),
      async (back, length, scope) => {
        const toDay = addDays(newest, -back);
        const fromDay = addDays(toDay, -(length - 1));
        const series = await usageSeries(scope, fromDay, toDay);
        for (const point of series.points) {
          expect(point.state).toBe('closed');
          const expected = await singleDay(point.day, scope.ids());
          expect({ client: point.client, ai: point.ai, operator: point.operator, messages: point.messages, units: point.units }).toEqual(
            expected,
          );
        }
      },
    ),
    { numRuns: runs },
  );
}

describe('the daily usage series', () => {
  it('reads each closed day once, and equals the sum of single-day answers for any window, robot or customer', async () => {
    // A pass reads at most its share of days; the next goes on from there, back a whole year.
    expect(await fillProgress()).toEqual({ read: 0, wanted: 366 });
    expect(await fillPass({ maxDays: 40 })).toEqual({ days: 40, calls: 40 });
    expect(await fillProgress()).toEqual({ read: 40, wanted: 366 });
    const rest = await fillPass({ maxDays: 400 });
    // Five robots: one page a day; 366 days in all.
    expect(rest).toEqual({ days: 326, calls: 326 });
    expect(await fillPass({ maxDays: 400 })).toEqual({ days: 0, calls: 0 });
    expect(await fillProgress()).toEqual({ read: 366, wanted: 366 });
    // The history has activity to agree on, not only zeros.
    const newest = newestClosedDay(await serviceNow());
    const recent = await usageSeries({ kind: 'account' }, addDays(newest, -18), newest);
    expect(recent.points.reduce((sum, p) => sum + (p.messages ?? 0), 0)).toBeGreaterThan(100);
    expect(recent.readDays).toBe(recent.closedDays);
    await checkWindows(newestClosedDay(await serviceNow()), 20);
  }, 120_000);

  it('after the sandbox clock moves on two days, reads only the newly closed days and still agrees', async () => {
    const control = createControlClient(fetch, sandbox.url, ADMIN_TOKEN);
    const before = await (await getDb()).select().from(schema.usageDaysRead);
    unwrap(await control.advanceClock(2 * 86_400), 'advance');
    // A call that reads the service's clock from its answer's Date header.
    await lookAtNewest();
    const newest = newestClosedDay(await serviceNow());
    // Two newer days closed; the year's window moved on by two, so no older day is asked for.
    expect(await fillPass({ maxDays: 10 })).toEqual({ days: 2, calls: 2 });
    const after = await (await getDb()).select().from(schema.usageDaysRead);
    expect(after.length).toBe(before.length + 2);
    await checkWindows(newest, 10);
  }, 120_000);

  it('counts a robot in its customer’s days already read once the directory gives it the customer’s id', async () => {
    const newest = newestClosedDay(await serviceNow());
    const fromDay = addDays(newest, -5);
    const customer = { kind: 'customer' as const, externalId: 'cust-shared' };
    const sum = (s: { points: { units: number | null }[] }) => s.points.reduce((n, p) => n + (p.units ?? 0), 0);
    const before = sum(await usageSeries(customer, fromDay, newest));
    const moved = robots[2];
    if (!moved) throw new Error('robots expected');
    const { upsertRobots } = await import('@/lib/robots/directory');
    // As a look at the list would write it after the partner gave robot 2 the shared customer id.
    await upsertRobots([{ id: moved.id, name: 'Robot 2', external_id: 'cust-shared', channels: [] }], 2);
    const after = sum(await usageSeries(customer, fromDay, newest));
    let movedUnits = 0;
    for (let day = fromDay; day <= newest; day = addDays(day, 1)) movedUnits += (await singleDay(day, [moved.id])).units;
    expect(movedUnits).toBeGreaterThan(0);
    expect(after).toBe(before + movedUnits);
    await upsertRobots([{ id: moved.id, name: 'Robot 2', external_id: moved.externalId, channels: [] }], 2);
  });

  it('draws a closed day not read yet as missing, never as zero', async () => {
    const newest = newestClosedDay(await serviceNow());
    const far = addDays(newest, -400);
    const series = await usageSeries({ kind: 'account' }, far, far);
    expect(series.points).toEqual([{ day: far, state: 'not_read', client: null, ai: null, operator: null, messages: null, units: null }]);
  });
});

describe('monthly thresholds', () => {
  it('mark what is over, and forecast month to date ÷ days elapsed × days in the month from the third day on', async () => {
    const { setThreshold, thresholdStandings, monthForecast } = await import('@/lib/usage-series/thresholds');
    expect(monthForecast(300, 2, 30)).toBeNull();
    expect(monthForecast(300, 3, 30)).toBe(3_000);
    expect(monthForecast(100, 10, 31)).toBe(310);

    const newest = newestClosedDay(await serviceNow());
    const today = addDays(newest, 1);
    const monthStart = `${today.slice(0, 8)}01`;
    const robot = robots[1];
    if (!robot) throw new Error('robots expected');
    const series = await usageSeries({ kind: 'robot', robotId: robot.id }, monthStart, newest);
    const monthToDate = series.points.reduce((sum, p) => sum + (p.units ?? 0), 0);
    await setThreshold({ scope: 'robot', scopeId: robot.id, monthlyUnits: Math.max(1, monthToDate), setBy: 'admin@example.com' });
    await setThreshold({ scope: 'account', scopeId: 'ignored', monthlyUnits: 1_000_000_000, setBy: 'admin@example.com' });
    const standings = await thresholdStandings(today);
    const forRobot = standings.find((s) => s.scope === 'robot');
    expect(forRobot).toMatchObject({ monthToDate, over: monthToDate > 0, daysElapsed: series.points.length });
    const forAccount = standings.find((s) => s.scope === 'account');
    expect(forAccount).toMatchObject({ scopeId: '', over: false, forecastOver: false });
  });
});
