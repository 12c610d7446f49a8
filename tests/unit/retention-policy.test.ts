import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeRetention, goesAt, horizonOf, planRetention } from '@/lib/retention/policy';

const iso = (ms: number) => new Date(ms).toISOString();

describe('retention by plan', () => {
  it('follows the contract table, the longer of two subscriptions applying', () => {
    expect(planRetention({ standard: 'basic', socialDm: null })).toBe(6);
    expect(planRetention({ standard: 'basic', socialDm: 'basic' })).toBe(6);
    expect(planRetention({ standard: null, socialDm: 'professional' })).toBe(12);
    expect(planRetention({ standard: 'basic', socialDm: 'professional' })).toBe(12);
    expect(planRetention({ standard: 'business', socialDm: null })).toBe(12);
    expect(planRetention({ standard: null, socialDm: 'business' })).toBeNull();
    expect(planRetention({ standard: 'basic', socialDm: 'business' })).toBeNull();
    expect(describeRetention(null)).toBe('without a limit');
    expect(describeRetention(6)).toBe('6 months');
    expect(describeRetention(12)).toBe('1 year');
  });

  it('counts calendar months back in UTC, a missing day giving the next month’s first instant', () => {
    expect(iso(horizonOf(6, Date.parse('2026-11-27T19:00:00.000Z')))).toBe('2026-05-27T19:00:00.000Z');
    expect(iso(horizonOf(6, Date.parse('2026-03-31T10:00:00.000Z')))).toBe('2025-10-01T00:00:00.000Z');
    expect(iso(horizonOf(12, Date.parse('2028-02-29T08:00:00.000Z')))).toBe('2027-03-01T00:00:00.000Z');
  });

  it('says when something goes: the first instant whose horizon is past it', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }), fc.constantFrom(1, 6, 12), (at, months) => {
        const goes = goesAt(at, months);
        expect(horizonOf(months, goes)).toBeGreaterThan(at);
        expect(horizonOf(months, goes - 1)).toBeLessThanOrEqual(at);
      }),
    );
  });

  it('never moves the horizon back as time passes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.nat(3 * 86_400_000),
        fc.constantFrom(6, 12),
        (t, step, months) => {
          expect(horizonOf(months, t + step)).toBeGreaterThanOrEqual(horizonOf(months, t));
        },
      ),
    );
  });
});

describe('the dashboard and the sandbox agree', () => {
  it('on every horizon, so the dashboard never keeps what the service removed nor drops what it keeps', async () => {
    const { retentionHorizon } = await import('../../sandbox/domain/retention');
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }), fc.constantFrom(6, 12), (now, months) => {
        expect(horizonOf(months, now)).toBe(retentionHorizon(now, months));
      }),
      { numRuns: 2_000 },
    );
  });
});
