import { addDays, dayStartMs } from './days';
import type { SeriesPoint } from './series';

/** A span of days ending today, and the span just before it that it is compared with. */
export type PeriodSpan = {
  label: 'Today' | 'This week' | 'This month';
  fromDay: string;
  toDay: string;
  beforeFrom: string;
  beforeTo: string;
};

/**
 * Today against yesterday; the week so far (from Monday, UTC) against the same days of the week
 * before; the month so far against the same number of days from the start of the month before
 * (cut at its last day).
 */
export function periodSpans(today: string): PeriodSpan[] {
  const date = new Date(dayStartMs(today));
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  const monday = addDays(today, -sinceMonday);
  const monthStart = today.slice(0, 8) + '01';
  const elapsed = date.getUTCDate() - 1;
  const previousMonthStart = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  const previousMonthEnd = addDays(monthStart, -1);
  const beforeMonthTo = addDays(previousMonthStart, elapsed);
  return [
    { label: 'Today', fromDay: today, toDay: today, beforeFrom: addDays(today, -1), beforeTo: addDays(today, -1) },
    { label: 'This week', fromDay: monday, toDay: today, beforeFrom: addDays(monday, -7), beforeTo: addDays(today, -7) },
    {
      label: 'This month',
      fromDay: monthStart,
      toDay: today,
      beforeFrom: previousMonthStart,
      beforeTo: beforeMonthTo < previousMonthEnd ? beforeMonthTo : previousMonthEnd,
    },
  ];
}

/** A span's figures: messages and units summed over the days read; whether some are missing or provisional. */
export type SpanTotals = { messages: number; units: number; unread: number; provisional: number };

export function spanTotals(points: readonly SeriesPoint[], fromDay: string, toDay: string): SpanTotals {
  const totals: SpanTotals = { messages: 0, units: 0, unread: 0, provisional: 0 };
  for (const p of points) {
    if (p.day < fromDay || p.day > toDay) continue;
    if (p.state === 'not_read') totals.unread += 1;
    if (p.state === 'provisional') totals.provisional += 1;
    totals.messages += p.messages ?? 0;
    totals.units += p.units ?? 0;
  }
  return totals;
}

/** The change against the span before, as a whole percentage; null when there is nothing before to compare with. */
export function changePercent(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 100);
}
