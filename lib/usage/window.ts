import { UTCDate } from '@date-fns/utc';
import { endOfMonth, format, startOfMonth, subDays, subMonths } from 'date-fns';
import { customRangeProblem, USAGE_PRESETS, utcDayStart, type UsagePreset } from './day-range';

export type UsageWindow = { preset: UsagePreset; from: Date; to: Date; fromDay: string; toDay: string };
export type WindowResult = { ok: true; window: UsageWindow } | { ok: false; error: string; window: UsageWindow };

const dayString = (d: Date) => format(new UTCDate(d), 'yyyy-MM-dd');

function parseDay(value: string | undefined): UTCDate | null {
  const start = utcDayStart(value);
  return start === null ? null : new UTCDate(start);
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
