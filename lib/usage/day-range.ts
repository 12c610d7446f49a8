/*
 * What the usage form checks in the browser as well as on the server: the presets, and whether a
 * custom range of UTC days can be asked for. Plain Date arithmetic, no date library, because this
 * module is part of the page's first scripts.
 */

export const USAGE_PRESETS = ['7d', '30d', '90d', 'this_month', 'last_month', 'custom'] as const;
export type UsagePreset = (typeof USAGE_PRESETS)[number];

export const PRESET_LABELS: Record<UsagePreset, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  this_month: 'This month',
  last_month: 'Last month',
  custom: 'Custom range',
};

/** The contract's longest usage window, in days. */
export const MAX_WINDOW_DAYS = 366;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A UTC day written `YYYY-MM-DD` as its first instant (ms), or null when no such day exists. */
export function utcDayStart(value: string | undefined): number | null {
  const parts = value ? DAY.exec(value) : null;
  // Year 0 is no calendar year (ISO's 0000 is 1 BC): no window starts there.
  if (!parts || Number(parts[1]) === 0) return null;
  const day = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years below 100 as written.
  day.setUTCFullYear(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
  return day.toISOString().slice(0, 10) === value ? day.getTime() : null;
}

/** Days from one day's start to another's, both counted. */
const daysCovered = (fromMs: number, toMs: number) => (toMs - fromMs) / DAY_MS + 1;

/** Days a custom range covers, counting both ends. */
export function spanDays(fromDay: string, toDay: string): number | null {
  const from = utcDayStart(fromDay);
  const to = utcDayStart(toDay);
  return from !== null && to !== null ? daysCovered(from, to) : null;
}

/** Why a custom range cannot be asked for, or null when it can. Shared by the form and the server. */
export function customRangeProblem(fromDay: string | undefined, toDay: string | undefined): string | null {
  const from = utcDayStart(fromDay);
  const to = utcDayStart(toDay);
  const unreadable = (value: string, end: string) => `“${value.slice(0, 30)}” is not a date: give the ${end} date as YYYY-MM-DD.`;
  if (fromDay && from === null) return unreadable(fromDay, 'start');
  if (toDay && to === null) return unreadable(toDay, 'end');
  if (from === null && to === null) return 'Pick both a start and an end date.';
  if (from === null) return 'Pick a start date as well as the end date.';
  if (to === null) return 'Pick an end date as well as the start date.';
  if (from > to) return 'The start date is after the end date.';
  const days = daysCovered(from, to);
  if (days > MAX_WINDOW_DAYS)
    return `A window can cover at most a year (${MAX_WINDOW_DAYS} days); this one covers ${days} days. Shorten it and apply again.`;
  return null;
}
