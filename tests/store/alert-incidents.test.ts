import { setUpTestStore } from './use-test-store';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDestination, destinationForSending, listDestinations } from '@/lib/alerts/destinations';
import type { IncidentFacts } from '@/lib/alerts/incident-facts';
import { acknowledgeIncident, evaluateIncidents, listIncidents, REMIND_EVERY_MS } from '@/lib/alerts/incidents';
import { addMute } from '@/lib/alerts/mutes';
import { claimDueAlerts, heldAlerts, noteSendOutcome } from '@/lib/alerts/sends';
import { getDb, schema } from '@/lib/db';

await setUpTestStore('alert_incidents');

const T0 = Date.parse('2026-11-27T12:00:00Z');

const failing = (codes: number[] = [500]): IncidentFacts => ({
  key: 'deliveries_failing',
  kind: 'deliveries_failing',
  title: 'Webhook deliveries are failing',
  since: new Date(T0 - 60_000).toISOString(),
  statusCodes: codes,
  reason: 'HTTP 500',
  robots: [],
  robotsTotal: 0,
  customers: [],
  customersTotal: 0,
  path: '/webhooks#health',
});

const silence = (robotIds: string[]): IncidentFacts => ({
  ...failing(),
  key: 'silence',
  kind: 'silence',
  title: 'No events for 2 hours where they usually arrive',
  statusCodes: [],
  reason: 'robots',
  robots: robotIds.map((id) => ({ id, name: `Robot ${id}`, externalId: `cust-${id}` })),
  robotsTotal: robotIds.length,
  customers: robotIds.map((id) => `cust-${id}`),
  customersTotal: robotIds.length,
  path: '/',
});

const sends = async () => (await getDb()).select().from(schema.alertSends).orderBy(schema.alertSends.id);

beforeAll(async () => {
  await addDestination({
    kind: 'webhook',
    name: 'On-call',
    target: 'https://hooks.example.com/secret-path?token=abc',
    createdBy: 'admin@example.com',
  });
});

describe('incidents and the alerts they queue', () => {
  it('keeps a destination sealed: pages see the host, the sender the whole URL', async () => {
    const [shown] = await listDestinations();
    expect(shown?.shown).toBe('https://hooks.example.com/…');
    expect(JSON.stringify(shown)).not.toContain('secret-path');
    const [row] = await (await getDb()).select().from(schema.alertDestinations);
    expect(row?.target).not.toContain('hooks.example.com');
    expect((await destinationForSending(row?.id ?? 0))?.target).toBe('https://hooks.example.com/secret-path?token=abc');
  });

  it('opens one incident and queues one alert however many evaluations run at once', async () => {
    const results = await Promise.all([evaluateIncidents([failing()], T0), evaluateIncidents([failing()], T0)]);
    expect(results.reduce((n, r) => n + r.opened, 0)).toBe(1);
    expect((await sends()).map((s) => [s.occasion, s.state])).toEqual([['opened', 'pending']]);
    const payload = JSON.parse((await sends())[0]?.payload ?? '{}') as Record<string, unknown>;
    expect(payload).toMatchObject({ occasion: 'opened', kind: 'deliveries_failing', status_codes: [500], since: failing().since });
    expect(String(payload.link)).toMatch(/\/webhooks#health$/);
  });

  it('records a change of facts without alerting again, reminds after 4 hours until acknowledged', async () => {
    await evaluateIncidents([failing([500, 502])], T0 + 60_000);
    expect(await sends()).toHaveLength(1);
    await evaluateIncidents([failing([500, 502])], T0 + REMIND_EVERY_MS + 60_000);
    expect((await sends()).map((s) => s.occasion)).toEqual(['opened', 'reminder:1']);
    // The same round again queues nothing more.
    await evaluateIncidents([failing([500, 502])], T0 + REMIND_EVERY_MS + 120_000);
    expect(await sends()).toHaveLength(2);

    const [incident] = await listIncidents(T0);
    expect(await acknowledgeIncident(incident?.id ?? 0, 'admin@example.com', T0 + REMIND_EVERY_MS + 180_000)).not.toBeNull();
    await evaluateIncidents([failing([500, 502])], T0 + 2 * REMIND_EVERY_MS + 60_000);
    expect((await sends()).map((s) => s.occasion)).toEqual(['opened', 'reminder:1']);
  });

  it('resolves when the item is gone, with one recovery alert, and the history says each step and who', async () => {
    await evaluateIncidents([], T0 + 3 * REMIND_EVERY_MS);
    await evaluateIncidents([], T0 + 3 * REMIND_EVERY_MS + 60_000);
    expect((await sends()).map((s) => s.occasion)).toEqual(['opened', 'reminder:1', 'resolved']);
    const [incident] = await listIncidents(T0 + 3 * REMIND_EVERY_MS);
    expect(incident?.state).toBe('resolved');
    expect(incident?.history.map((e) => [e.what, e.actor])).toEqual([
      ['opened', 'system'],
      ['updated', 'system'],
      ['acknowledged', 'admin@example.com'],
      ['resolved', 'system'],
    ]);
    // Failing again later is a new incident with its own alert.
    await evaluateIncidents([failing()], T0 + 4 * REMIND_EVERY_MS);
    expect((await sends()).filter((s) => s.occasion === 'opened')).toHaveLength(2);
  });

  it('holds, and lists, the alerts of an incident whose robots are all muted', async () => {
    await addMute({
      robotId: 'rb_1',
      startsAt: T0,
      endsAt: T0 + 10 * REMIND_EVERY_MS,
      reason: 'migration',
      createdBy: 'admin@example.com',
    });
    await evaluateIncidents([failing(), silence(['rb_1'])], T0 + 4 * REMIND_EVERY_MS + 60_000);
    const held = await heldAlerts();
    expect(held.map((s) => s.occasion)).toEqual(['opened']);
    await evaluateIncidents([failing(), silence(['rb_1', 'rb_2'])], T0 + 4 * REMIND_EVERY_MS + 120_000);
    expect(await heldAlerts()).toHaveLength(1);
  });

  it('lets one sender claim each due alert, retries a refused one later and gives up after the last wait', async () => {
    const now = T0 + 5 * REMIND_EVERY_MS;
    const [a, b] = await Promise.all([claimDueAlerts(now), claimDueAlerts(now)]);
    const claimed = [...(a ?? []), ...(b ?? [])];
    expect(new Set(claimed.map((s) => s.id)).size).toBe(claimed.length);
    expect(claimed.length).toBe((await sends()).filter((s) => s.state === 'pending').length);
    const first = claimed[0];
    if (!first) throw new Error('nothing was due');
    await noteSendOutcome(first, { ok: false, error: 'HTTP 500' }, now);
    expect(await claimDueAlerts(now + 1_000)).toEqual([]);
    let current = (await sends()).find((s) => s.id === first.id);
    for (let i = 0; i < 6 && current?.state === 'pending'; i++) {
      const [again] = (await claimDueAlerts(current.nextAt)).filter((s) => s.id === first.id);
      if (!again) break;
      await noteSendOutcome(again, { ok: false, error: 'HTTP 500' }, current.nextAt);
      current = (await sends()).find((s) => s.id === first.id);
    }
    expect(current).toMatchObject({ state: 'failed', attempts: 6, lastError: 'HTTP 500' });
  });
});

describe('usage thresholds', () => {
  it('alert at 75 % and at 100 % once each per month: no repeat after a dip, no reminder, nothing when the month ends', async () => {
    const { thresholdFacts } = await import('@/lib/alerts/threshold-facts');
    const standing = (monthToDate: number) => ({
      id: 1,
      scope: 'robot' as const,
      scopeId: 'rb_big',
      monthlyUnits: 1_000,
      setBy: 'admin@example.com',
      setAt: T0,
      monthToDate,
      daysElapsed: 10,
      daysInMonth: 30,
      forecast: monthToDate * 3,
      over: monthToDate >= 1_000,
      forecastOver: monthToDate * 3 >= 1_000,
    });
    const thresholdSends = async () =>
      (await sends()).filter((s) => (JSON.parse(s.payload) as { kind: string }).kind === 'usage_threshold').map((s) => s.occasion);
    const pass = (monthToDate: number, at: number) => evaluateIncidents(thresholdFacts([standing(monthToDate)], '2026-11'), at);

    await pass(700, T0);
    expect(await thresholdSends()).toEqual([]);
    await pass(760, T0 + 60_000);
    expect(await thresholdSends()).toEqual(['opened']);
    // The units dip (a threshold raised and lowered back, say): the 75 % incident ends, quietly, and does not alert again.
    await pass(700, T0 + 120_000);
    await pass(800, T0 + 180_000);
    expect(await thresholdSends()).toEqual(['opened']);
    await pass(1_050, T0 + 240_000);
    expect(await thresholdSends()).toEqual(['opened', 'opened']);
    // Hours later, still over: no reminders; the month over, no "resolved".
    await pass(1_200, T0 + 2 * REMIND_EVERY_MS);
    await evaluateIncidents([], T0 + 3 * REMIND_EVERY_MS);
    expect(await thresholdSends()).toEqual(['opened', 'opened']);
    const titles = (await listIncidents()).filter((i) => i.kind === 'usage_threshold').map((i) => factsOfTitle(i.facts));
    expect(titles).toEqual(
      expect.arrayContaining([
        'Robot rb_big reached 75 % of its 1,000 units for 2026-11',
        'Robot rb_big reached 100 % of its 1,000 units for 2026-11',
      ]),
    );
  });
});

function factsOfTitle(facts: string): string {
  return (JSON.parse(facts) as { title: string }).title;
}
