import { describe, expect, it } from 'vitest';
import { changePercent, periodSpans, spanTotals } from '@/lib/usage-series/periods';

describe('the overview’s usage spans', () => {
  it('compare today with yesterday, the week so far with the same days before, the month so far with the same days of the month before', () => {
    // Thursday 27 November 2026.
    expect(periodSpans('2026-11-27')).toEqual([
      { label: 'Today', fromDay: '2026-11-27', toDay: '2026-11-27', beforeFrom: '2026-11-26', beforeTo: '2026-11-26' },
      { label: 'This week', fromDay: '2026-11-23', toDay: '2026-11-27', beforeFrom: '2026-11-16', beforeTo: '2026-11-20' },
      { label: 'This month', fromDay: '2026-11-01', toDay: '2026-11-27', beforeFrom: '2026-10-01', beforeTo: '2026-10-27' },
    ]);
  });

  it('cut the month before at its last day, and start the week on Monday', () => {
    const [, week, month] = periodSpans('2026-03-31');
    expect(week).toMatchObject({ fromDay: '2026-03-30', beforeFrom: '2026-03-23', beforeTo: '2026-03-24' });
    expect(month).toMatchObject({ fromDay: '2026-03-01', beforeFrom: '2026-02-01', beforeTo: '2026-02-28' });
    expect(periodSpans('2026-01-05')[2]).toMatchObject({ beforeFrom: '2025-12-01', beforeTo: '2025-12-05' });
  });

  it('sum what is read and say what is missing or provisional', () => {
    const point = (day: string, state: 'closed' | 'provisional' | 'not_read', messages: number | null, units: number | null) => ({
      day,
      state,
      client: null,
      ai: null,
      operator: null,
      messages,
      units,
    });
    const points = [
      point('2026-11-25', 'closed', 10, 20),
      point('2026-11-26', 'not_read', null, null),
      point('2026-11-27', 'provisional', 4, null),
    ];
    expect(spanTotals(points, '2026-11-25', '2026-11-27')).toEqual({ messages: 14, units: 20, unread: 1, provisional: 1 });
    expect(changePercent(15, 10)).toBe(50);
    expect(changePercent(5, 0)).toBeNull();
  });
});
