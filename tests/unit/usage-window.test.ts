import { UTCDate } from '@date-fns/utc';
import { format, isValid, parse } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customRangeProblem, spanDays, utcDayStart } from '@/lib/usage/day-range';
import { presetWindow, resolveWindow, rfc3339 } from '@/lib/usage/window';

const now = new Date('2026-11-22T10:30:00Z');

describe('usage windows', () => {
  it('defaults to the last 30 days', () => {
    const r = resolveWindow({}, now);
    expect(r.ok).toBe(true);
    expect(rfc3339(r.window.from)).toBe('2026-10-23T10:30:00Z');
    expect(rfc3339(r.window.to)).toBe('2026-11-22T10:30:00Z');
  });
  it('knows this month and last month in UTC', () => {
    expect(rfc3339(presetWindow('this_month', now).from)).toBe('2026-11-01T00:00:00Z');
    const last = presetWindow('last_month', now);
    expect(rfc3339(last.from)).toBe('2026-10-01T00:00:00Z');
    expect(rfc3339(last.to)).toBe('2026-10-31T23:59:59Z');
  });
  it('takes a custom range as whole days, both inclusive', () => {
    const r = resolveWindow({ range: 'custom', from: '2026-01-01', to: '2026-01-31' }, now);
    expect(r.ok).toBe(true);
    expect(rfc3339(r.window.from)).toBe('2026-01-01T00:00:00Z');
    expect(rfc3339(r.window.to)).toBe('2026-01-31T23:59:59Z');
    expect(spanDays('2026-01-01', '2026-01-31')).toBe(31);
  });
  it('refuses more than a year, reversed ranges and bad dates, falling back to 30 days', () => {
    expect(customRangeProblem('2025-10-01', '2026-10-31')).toContain('at most a year');
    expect(customRangeProblem('2025-11-22', '2026-11-22')).toBeNull();
    expect(customRangeProblem('2026-02-01', '2026-01-01')).toContain('after the end');
    expect(customRangeProblem('2026-02-30', '2026-03-01')).toBe('“2026-02-30” is not a date: give the start date as YYYY-MM-DD.');
    expect(customRangeProblem('garbage', '2026-11-01')).toBe('“garbage” is not a date: give the start date as YYYY-MM-DD.');
    expect(customRangeProblem(undefined, '2026-11-01')).toBe('Pick a start date as well as the end date.');
    expect(customRangeProblem('', '')).toBe('Pick both a start and an end date.');
    const r = resolveWindow({ range: 'custom', from: '2025-01-01', to: '2026-02-01' }, now);
    expect(r.ok).toBe(false);
    expect(r.window.preset).toBe('30d');
    expect(resolveWindow({ range: 'forever' }, now).ok).toBe(false);
  });
});

describe('UTC days without a date library (the form checks them in the browser)', () => {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  // Shaped like a day, real or not: 2026-02-30, 0050-13-01 and 2024-02-29 among them.
  const dayShaped = fc
    .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
    .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);

  it('accepts exactly the days date-fns accepts, at the same instant', () => {
    fc.assert(
      fc.property(dayShaped, (value) => {
        const parsed = parse(value, 'yyyy-MM-dd', new UTCDate(0));
        const byDateFns = isValid(parsed) && format(parsed, 'yyyy-MM-dd') === value ? new UTCDate(parsed).getTime() : null;
        expect(utcDayStart(value)).toBe(byDateFns);
      }),
      { numRuns: 2_000 },
    );
  });

  it('counts the days of a range, both ends included', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000 }), fc.integer({ min: 0, max: 800 }), (startDay, length) => {
        const iso = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
        expect(spanDays(iso(startDay), iso(startDay + length))).toBe(length + 1);
      }),
    );
  });
});
