import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysFit, WEEK_DAYS, weeklyPoints } from '@/components/charts/weekly-points';

const dayIso = (base: number, i: number) => new Date(base + i * 86_400_000).toISOString();

describe('weekly points', () => {
  it('sums Monday-to-Sunday UTC weeks, labelling partial edge weeks by their first day in the window', () => {
    // 2026-11-05 is a Thursday: Thu–Sun, then a full week, then Mon–Tue.
    const base = Date.UTC(2026, 10, 5);
    const days = Array.from({ length: 13 }, (_, i) => ({ t: dayIso(base, i), n: i + 1 }));
    const weeks = weeklyPoints(days, ['n']);
    expect(weeks.map((w) => w.t.slice(0, 10))).toEqual(['2026-11-05', '2026-11-09', '2026-11-16']);
    expect(weeks.map((w) => w.n)).toEqual([1 + 2 + 3 + 4, 5 + 6 + 7 + 8 + 9 + 10 + 11, 12 + 13]);
    expect(weeks.map((w) => w[WEEK_DAYS])).toEqual([4, 7, 2]);
  });

  it('leaves a week unknown when any of its days is, so nothing not read is drawn as a dip', () => {
    const base = Date.UTC(2026, 10, 2); // a Monday
    const days = Array.from({ length: 14 }, (_, i) => ({ t: dayIso(base, i), n: i === 9 ? null : 1 }));
    expect(weeklyPoints(days, ['n']).map((w) => w.n)).toEqual([7, null]);
  });

  it('keeps every known unit: the weeks add up to the days, for any window', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3_000 }), fc.array(fc.nat(10_000), { minLength: 1, maxLength: 400 }), (offset, values) => {
        const base = Date.UTC(2020, 0, 1) + offset * 86_400_000;
        const days = values.map((n, i) => ({ t: dayIso(base, i), n }));
        const weeks = weeklyPoints(days, ['n']);
        expect(weeks.reduce((s, w) => s + Number(w.n), 0)).toBe(values.reduce((s, n) => s + n, 0));
        expect(weeks.length).toBeLessThanOrEqual(Math.ceil(values.length / 7) + 1);
        for (const w of weeks) expect(days.some((d) => d.t === w.t)).toBe(true);
      }),
    );
  });

  it('draws days only where each gets room', () => {
    expect(daysFit(30, 330)).toBe(true);
    expect(daysFit(365, 330)).toBe(false);
  });
});
