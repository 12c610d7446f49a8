import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Delivery, DeliveryAttempt } from '@/lib/partner/schemas';
import { endpointHealth } from '@/lib/webhook-health/failing-rule';
import { healthFigures, healthSummary, nearestRank, neverDelivered, type HealthBucket } from '@/lib/webhook-health/figures';
import { deliveriesArbitrary, nowArbitrary } from './webhook-deliveries-arbitrary';

const ok = (at: string, duration = 100): DeliveryAttempt => ({
  attempt: 1,
  attempted_at: at,
  response_status: 200,
  response_body: 'ok',
  duration_ms: duration,
  error: null,
});
const down = (at: string, duration = 50): DeliveryAttempt => ({
  attempt: 1,
  attempted_at: at,
  response_status: 503,
  response_body: 'down',
  duration_ms: duration,
  error: null,
});
const delivery = (id: string, attempts: DeliveryAttempt[], extra: Partial<Delivery> = {}): Delivery => ({
  delivery_id: id,
  status: null,
  attempts: attempts.map((a, i) => ({ ...a, attempt: i + 1 })),
  ...extra,
});
const hour = (buckets: HealthBucket[], start: string) => buckets.find((b) => b.start === start);

describe('health figures', () => {
  const now = new Date('2026-11-21T10:20:00Z');

  it('makes 24 hourly and 30 daily UTC buckets ending with the one that holds now', () => {
    const { hourly, daily } = healthFigures([], now);
    expect(hourly).toHaveLength(24);
    expect(hourly[0]?.start).toBe('2026-11-20T11:00:00.000Z');
    expect(hourly[23]).toEqual({
      start: '2026-11-21T10:00:00.000Z',
      end: '2026-11-21T11:00:00.000Z',
      attempts: 0,
      successes: 0,
      successRate: null,
      p50Ms: null,
      p95Ms: null,
    });
    expect(daily).toHaveLength(30);
    expect(daily[0]?.start).toBe('2026-10-23T00:00:00.000Z');
    expect(daily[29]?.end).toBe('2026-11-22T00:00:00.000Z');
  });

  it('counts each attempt in the hour and day of its own time, retries across a boundary included', () => {
    const crossing = delivery('d1', [down('2026-11-20T23:59:58Z', 40), ok('2026-11-21T00:00:03Z', 60)]);
    const { hourly, daily } = healthFigures([crossing], now);
    expect(hour(hourly, '2026-11-20T23:00:00.000Z')).toMatchObject({ attempts: 1, successes: 0, successRate: 0, p50Ms: 40 });
    expect(hour(hourly, '2026-11-21T00:00:00.000Z')).toMatchObject({ attempts: 1, successes: 1, successRate: 1, p95Ms: 60 });
    expect(daily[28]).toMatchObject({ attempts: 1, successes: 0 });
    expect(daily[29]).toMatchObject({ attempts: 1, successes: 1 });
  });

  it('leaves out attempts after now and before the oldest bucket', () => {
    const d = delivery('d1', [ok('2026-11-21T10:20:01Z'), ok('2026-11-20T10:59:59Z'), ok('2026-11-21T10:20:00Z')]);
    const { hourly, daily } = healthFigures([d], now);
    expect(hourly.reduce((n, b) => n + b.attempts, 0)).toBe(1);
    expect(daily.reduce((n, b) => n + b.attempts, 0)).toBe(2);
  });

  it('takes nearest-rank percentiles: always a measured duration, never an interpolation', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(nearestRank(twenty, 50)).toBe(10);
    expect(nearestRank(twenty, 95)).toBe(19);
    expect(nearestRank([7], 95)).toBe(7);
    expect(nearestRank([10, 20], 50)).toBe(10);
    expect(nearestRank([10, 20, 30, 40, 50, 60, 70], 95)).toBe(70);
    expect(nearestRank([], 50)).toBeNull();
  });

  it('gives a success rate and duration only where there were attempts, and no duration when none was sent', () => {
    const noDuration = { ...down('2026-11-21T09:10:00Z'), duration_ms: null };
    const { hourly } = healthFigures([delivery('d1', [noDuration]), delivery('d2', [ok('2026-11-21T09:30:00Z', 300)])], now);
    expect(hour(hourly, '2026-11-21T09:00:00.000Z')).toMatchObject({ attempts: 2, successes: 1, successRate: 0.5, p50Ms: 300, p95Ms: 300 });
    expect(hour(hourly, '2026-11-21T08:00:00.000Z')?.successRate).toBeNull();
  });

  it('sums the summary over the hourly buckets and carries the failing streak', () => {
    const fails = ['04', '05', '06', '07', '08'].map((h) => delivery(`f${h}`, [down(`2026-11-21T${h}:00:00Z`)]));
    const summary = healthSummary([...fails, delivery('s', [ok('2026-11-20T12:00:00Z'), ok('2026-11-20T10:00:00Z')])], now);
    expect(summary.attempts24h).toBe(6);
    expect(summary.successRate24h).toBeCloseTo(1 / 6);
    expect(summary.failing).toMatchObject({ since: '2026-11-21T04:00:00Z', failedAttempts: 5, statusCodes: [503] });
    expect(healthSummary([], now)).toEqual({ attempts24h: 0, successRate24h: null, failing: null });
  });
});

describe('never delivered', () => {
  const spent = (id: string, created: string, payload?: unknown, eventType = 'message.received'): Delivery =>
    delivery(id, [down('2026-11-20T10:00:00Z')], { status: 'failed', created_at: created, event_type: eventType, payload });
  const envelope = (robot: string | null, conversation: string | null, external = 'cust-1') => ({
    id: 'evt_1',
    type: 'message.received',
    robot_id: robot,
    external_id: robot ? external : null,
    conversation_id: conversation,
    data: {},
  });

  it('keeps only deliveries whose every attempt was spent', () => {
    const others = (['pending', 'retrying', 'succeeded', null] as const).map((status) => delivery(`o-${String(status)}`, [], { status }));
    expect(neverDelivered(others)).toEqual([]);
  });

  it('groups by robot and conversation from the envelope, largest group first, newest delivery first', () => {
    const groups = neverDelivered([
      spent('a', '2026-11-20T10:00:00Z', envelope('rb_1', 'conv_1', 'old-ext')),
      spent('b', '2026-11-20T11:00:00Z', envelope('rb_2', 'conv_9')),
      spent('c', '2026-11-20T12:00:00Z', envelope('rb_1', 'conv_1', 'new-ext')),
    ]);
    expect(groups.map((g) => g.deliveries.map((d) => d.delivery_id))).toEqual([['c', 'a'], ['b']]);
    expect(groups[0]).toMatchObject({ by: 'conversation', robotId: 'rb_1', conversationId: 'conv_1', externalId: 'new-ext' });
  });

  it('falls back to the event type when the record has no payload, or one naming no robot or conversation', () => {
    const groups = neverDelivered([
      spent('a', '2026-11-20T10:00:00Z'),
      spent('b', '2026-11-20T11:00:00Z', envelope(null, null), 'test'),
      spent('c', '2026-11-20T12:00:00Z', 'not an envelope'),
      spent('d', '2026-11-20T13:00:00Z', envelope('rb_1', null)),
    ]);
    expect(groups).toEqual([
      {
        by: 'event_type',
        eventType: 'message.received',
        deliveries: [expect.objectContaining({ delivery_id: 'c' }), expect.objectContaining({ delivery_id: 'a' })],
      },
      {
        by: 'conversation',
        robotId: 'rb_1',
        externalId: 'cust-1',
        conversationId: null,
        deliveries: [expect.objectContaining({ delivery_id: 'd' })],
      },
      { by: 'event_type', eventType: 'test', deliveries: [expect.objectContaining({ delivery_id: 'b' })] },
    ]);
  });
});

/** Each bucket found by stepping a UTC calendar date, and filled by scanning every attempt for it. */
function naiveBuckets(deliveries: Delivery[], now: Date, unit: 'hour' | 'day', count: number): HealthBucket[] {
  const step = (d: Date, n: number) => {
    const copy = new Date(d);
    if (unit === 'hour') copy.setUTCHours(copy.getUTCHours() + n);
    else copy.setUTCDate(copy.getUTCDate() + n);
    return copy;
  };
  const current = new Date(now);
  if (unit === 'hour') current.setUTCMinutes(0, 0, 0);
  else current.setUTCHours(0, 0, 0, 0);
  return Array.from({ length: count }, (_, i) => {
    const start = step(current, i - count + 1);
    const end = step(start, 1);
    let attempts = 0;
    let successes = 0;
    const durations: number[] = [];
    for (const d of deliveries)
      for (const a of d.attempts) {
        const t = new Date(a.attempted_at ?? '');
        if (t < start || t >= end || t > now) continue;
        attempts += 1;
        if (
          a.response_status !== null &&
          a.response_status !== undefined &&
          a.response_status >= 200 &&
          a.response_status < 300 &&
          a.error === null &&
          (a.duration_ms ?? 0) <= 15_000
        )
          successes += 1;
        if (typeof a.duration_ms === 'number') durations.push(a.duration_ms);
      }
    durations.sort((x, y) => x - y);
    // Smallest duration with at least p per cent of the durations at or below it.
    const pct = (p: number) => durations.find((v) => durations.filter((x) => x <= v).length * 100 >= p * durations.length) ?? null;
    return {
      start: start.toISOString(),
      end: end.toISOString(),
      attempts,
      successes,
      successRate: attempts ? successes / attempts : null,
      p50Ms: pct(50),
      p95Ms: pct(95),
    };
  });
}

describe('health figures against a naive count', () => {
  it('agree bucket by bucket, for hours and days, wherever now falls', () => {
    fc.assert(
      fc.property(deliveriesArbitrary({ maxDeliveries: 30 }), nowArbitrary, (deliveries, now) => {
        const figures = healthFigures(deliveries, now);
        expect(figures.hourly).toEqual(naiveBuckets(deliveries, now, 'hour', 24));
        expect(figures.daily).toEqual(naiveBuckets(deliveries, now, 'day', 30));
      }),
      { numRuns: 150 },
    );
  });

  it('summarise the same hours and the same streak as the rule, and put every spent delivery in one group', () => {
    fc.assert(
      fc.property(deliveriesArbitrary({ maxDeliveries: 30 }), nowArbitrary, (deliveries, now) => {
        const hourly = naiveBuckets(deliveries, now, 'hour', 24);
        const attempts = hourly.reduce((n, b) => n + b.attempts, 0);
        const successes = hourly.reduce((n, b) => n + b.successes, 0);
        expect(healthSummary(deliveries, now)).toEqual({
          attempts24h: attempts,
          successRate24h: attempts ? successes / attempts : null,
          failing: endpointHealth(deliveries, now).streak,
        });
        const grouped = neverDelivered(deliveries).flatMap((g) => g.deliveries.map((d) => d.delivery_id));
        expect(grouped.sort()).toEqual(deliveries.filter((d) => d.status === 'failed').map((d) => d.delivery_id));
      }),
      { numRuns: 150 },
    );
  });
});
