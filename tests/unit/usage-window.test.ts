import { describe, expect, it } from 'vitest';
import { customRangeProblem, presetWindow, resolveWindow, rfc3339, spanDays } from '@/lib/usage/window';

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
