import { UTCDate } from '@date-fns/utc';
import { differenceInCalendarDays, endOfMonth, format, isValid, parse, startOfMonth, subDays, subMonths } from 'date-fns';

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

/** The API refuses windows longer than this (D11); we refuse them before asking. */
export const MAX_WINDOW_DAYS = 366;

export type UsageWindow = { preset: UsagePreset; from: Date; to: Date; fromDay: string; toDay: string };
export type WindowResult = { ok: true; window: UsageWindow } | { ok: false; error: string; window: UsageWindow };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayString = (d: Date) => format(new UTCDate(d), 'yyyy-MM-dd');

function parseDay(value: string | undefined): UTCDate | null {
  if (!value || !DAY.test(value)) return null;
  const parsed = parse(value, 'yyyy-MM-dd', new UTCDate(0));
  return isValid(parsed) && format(parsed, 'yyyy-MM-dd') === value ? new UTCDate(parsed) : null;
}

function windowOf(preset: UsagePreset, from: Date, to: Date): UsageWindow {
  return { preset, from, to, fromDay: dayString(from), toDay: dayString(to) };
}

/** Whole UTC days, both ends inclusive: `to` is the last second of its day. */
function customWindow(fromDay: UTCDate, toDay: UTCDate): UsageWindow {
  const to = new UTCDate(toDay.getTime() + 86_400_000 - 1000);
  return windowOf('custom', fromDay, to);
}

export function presetWindow(preset: Exclude<UsagePreset, 'custom'>, now: Date): UsageWindow {
  const utcNow = new UTCDate(now.getTime());
  switch (preset) {
    case '7d':
      return windowOf(preset, subDays(utcNow, 7), utcNow);
    case '30d':
      return windowOf(preset, subDays(utcNow, 30), utcNow);
    case '90d':
      return windowOf(preset, subDays(utcNow, 90), utcNow);
    case 'this_month':
      return windowOf(preset, startOfMonth(utcNow), utcNow);
    case 'last_month': {
      const previous = subMonths(utcNow, 1);
      return windowOf(preset, startOfMonth(previous), new UTCDate(endOfMonth(previous).getTime() - 999));
    }
  }
}

/** Days a custom range covers, counting both ends. */
export function spanDays(fromDay: string, toDay: string): number | null {
  const from = parseDay(fromDay);
  const to = parseDay(toDay);
  return from && to ? differenceInCalendarDays(to, from) + 1 : null;
}

/** Why a custom range cannot be asked for, or null when it can. Shared by the form and the server. */
export function customRangeProblem(fromDay: string | undefined, toDay: string | undefined): string | null {
  const from = parseDay(fromDay);
  const to = parseDay(toDay);
  const unreadable = (value: string, end: string) => `“${value.slice(0, 30)}” is not a date: give the ${end} date as YYYY-MM-DD.`;
  if (fromDay && !from) return unreadable(fromDay, 'start');
  if (toDay && !to) return unreadable(toDay, 'end');
  if (!from && !to) return 'Pick both a start and an end date.';
  if (!from) return 'Pick a start date as well as the end date.';
  if (!to) return 'Pick an end date as well as the start date.';
  if (from > to) return 'The start date is after the end date.';
  const days = differenceInCalendarDays(to, from) + 1;
  if (days > MAX_WINDOW_DAYS)
    return `A window can cover at most a year (${MAX_WINDOW_DAYS} days); this one covers ${days} days. Shorten it and apply again.`;
  return null;
}

/** Reads the window from the URL; anything wrong falls back to the last 30 days and says why. */
export function resolveWindow(params: { range?: string; from?: string; to?: string }, now: Date): WindowResult {
  const fallback = presetWindow('30d', now);
  // Checked by hand, not with a schema: the filters import this module, and zod would add ~30 KiB to the page.
  const range = USAGE_PRESETS.find((preset) => preset === params.range);
  if (params.range !== undefined && !range)
    return {
      ok: false,
      error: `“${String(params.range).slice(0, 30)}” is not a window we know; showing the last 30 days.`,
      window: fallback,
    };
  const { from, to } = params;
  if (range === 'custom' || (!range && (from || to))) {
    const problem = customRangeProblem(from, to);
    if (problem) return { ok: false, error: `${problem} Showing the last 30 days meanwhile.`, window: fallback };
    const fromDay = parseDay(from);
    const toDay = parseDay(to);
    if (!fromDay || !toDay) return { ok: false, error: 'Pick both a start and an end date.', window: fallback };
    return { ok: true, window: customWindow(fromDay, toDay) };
  }
  return { ok: true, window: presetWindow(range ?? '30d', now) };
}

/** RFC 3339 without milliseconds, the form every service parses. */
export function rfc3339(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
