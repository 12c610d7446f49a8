import { describe, expect, it } from 'vitest';
import { retentionHorizon, retentionMonths } from '../../sandbox/domain/retention';

// The horizon and the months of decision 0026, as written there; no sandbox needed.
const horizon = (now: string, months: number) => new Date(retentionHorizon(Date.parse(now), months)).toISOString();

describe('retention horizon (decision 0026)', () => {
  it('is the same day and time of day, calendar months back, in UTC, to the millisecond', () => {
    expect(horizon('2026-11-27T18:04:05.123Z', 6)).toBe('2026-05-27T18:04:05.123Z');
    expect(horizon('2026-01-15T12:00:00.000Z', 12)).toBe('2025-01-15T12:00:00.000Z');
    expect(horizon('2026-03-01T00:00:00.000Z', 6)).toBe('2025-09-01T00:00:00.000Z');
  });

  it('moves a day the target month lacks to the first instant of the month after, so it never goes back', () => {
    expect(horizon('2026-03-30T23:59:59.999Z', 6)).toBe('2025-09-30T23:59:59.999Z');
    expect(horizon('2026-03-31T00:00:00.000Z', 6)).toBe('2025-10-01T00:00:00.000Z');
    expect(horizon('2026-03-31T23:59:59.999Z', 6)).toBe('2025-10-01T00:00:00.000Z');
    expect(horizon('2026-04-01T00:00:00.000Z', 6)).toBe('2025-10-01T00:00:00.000Z');
    expect(horizon('2026-08-31T10:00:00.000Z', 6)).toBe('2026-03-01T00:00:00.000Z');
    expect(horizon('2028-02-29T10:00:00.000Z', 12)).toBe('2027-03-01T00:00:00.000Z');
    // Across a leap year, hour by hour, a later now never gives an earlier horizon.
    const start = Date.parse('2028-01-01T00:00:00Z');
    const backwards: string[] = [];
    for (const months of [6, 12]) {
      let previous = -Infinity;
      for (let t = start; t < start + 366 * 86_400_000; t += 3_600_000) {
        const h = retentionHorizon(t, months);
        if (h < previous) backwards.push(`${months} months at ${new Date(t).toISOString()}`);
        previous = h;
      }
    }
    expect(backwards).toEqual([]);
  });

  it('takes the longest of the subscriptions held; Business on social-DM has no limit', () => {
    expect(retentionMonths({ standard: 'basic', socialDm: null })).toBe(6);
    expect(retentionMonths({ standard: null, socialDm: 'professional' })).toBe(12);
    expect(retentionMonths({ standard: 'business', socialDm: null })).toBe(12);
    expect(retentionMonths({ standard: null, socialDm: 'business' })).toBeNull();
    expect(retentionMonths({ standard: 'basic', socialDm: 'professional' })).toBe(12);
    expect(retentionMonths({ standard: 'business', socialDm: 'basic' })).toBe(12);
    expect(retentionMonths({ standard: 'basic', socialDm: 'business' })).toBeNull();
  });
});
