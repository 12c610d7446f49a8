import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasIsolatedValue, PIXELS_PER_TIME_LABEL, tickInterval } from '@/components/charts/plot-layout';

/** Labels recharts draws for `count` ticks when told to skip `interval` between two: ticks 0, interval + 1, … */
const labelsDrawn = (count: number, interval: number) => Math.ceil(count / (interval + 1));

describe('time-axis labels', () => {
  it('labels every day of a month on a desktop chart, and every few days on a phone', () => {
    expect(tickInterval(31, 31 * PIXELS_PER_TIME_LABEL)).toBe(0);
    // A phone's plot is about 300 px: five labels fit, so every seventh of 31 days is labelled.
    expect(labelsDrawn(31, tickInterval(31, 300))).toBeLessThanOrEqual(5);
  });

  it('never draws more labels than fit, and skips no more ticks than it must', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 0, max: 3_000 }), (count, width) => {
        const interval = tickInterval(count, width);
        const fit = Math.max(2, Math.floor(width / PIXELS_PER_TIME_LABEL));
        expect(labelsDrawn(count, interval)).toBeLessThanOrEqual(fit);
        if (interval > 0) expect(labelsDrawn(count, interval - 1)).toBeGreaterThan(fit);
      }),
    );
  });
});

describe('dots on values no line reaches', () => {
  const series = (values: (number | null)[]) => values.map((v, i) => ({ t: `2026-11-${String(i + 1).padStart(2, '0')}`, v }));

  it('finds a value between two gaps, at an edge beside a gap, and a window of one value', () => {
    expect(hasIsolatedValue(series([1, 2, null, 3, null, 4, 5]), 'v')).toBe(true);
    expect(hasIsolatedValue(series([1, null, 2, 3]), 'v')).toBe(true);
    expect(hasIsolatedValue(series([7]), 'v')).toBe(true);
    expect(hasIsolatedValue(series([1, 2, null, null, 3, 4]), 'v')).toBe(false);
    expect(hasIsolatedValue(series([null, null]), 'v')).toBe(false);
  });

  it('agrees with splitting the series into runs of known values and looking for a run of one', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.nat(100), { nil: null }), { maxLength: 60 }), (values) => {
        const runs = values
          .map((v) => (v === null ? '_' : 'x'))
          .join('')
          .split('_')
          .filter((run) => run.length > 0);
        expect(hasIsolatedValue(series(values), 'v')).toBe(runs.some((run) => run.length === 1));
      }),
    );
  });
});
