import type { TimePoint } from './time-series-types';

/** Fewer pixels than this per day and a daily line turns into a smear of dots: draw weeks instead. */
export const MIN_PIXELS_PER_DAY = 4;

export function daysFit(pointCount: number, plotWidth: number): boolean {
  return pointCount * MIN_PIXELS_PER_DAY <= plotWidth;
}

const DAY_MS = 86_400_000;

/** The key of a weekly point holding how many of the window's days it sums (fewer than 7 at the edges). */
export const WEEK_DAYS = 'daysInWeek';

/** Monday 00:00 UTC of the week holding `iso` (ISO 8601 weeks start on Monday). */
function weekStart(iso: string): number {
  const t = Date.parse(iso);
  const day = new Date(t).getUTCDay(); // 0 = Sunday
  const sinceMonday = (day + 6) % 7;
  return Math.floor(t / DAY_MS) * DAY_MS - sinceMonday * DAY_MS;
}

/**
 * Daily points summed into UTC weeks (Monday to Sunday), each labelled by its first day in the
 * window, so the edges of the window are partial weeks rather than days from outside it. A week
 * with any day unknown (null) is unknown: a sum of the days read so far would draw a dip that is
 * not there.
 */
export function weeklyPoints(points: readonly TimePoint[], keys: readonly string[]): TimePoint[] {
  const weeks: TimePoint[] = [];
  let current: { start: number; point: TimePoint } | undefined;
  for (const p of points) {
    const start = weekStart(p.t);
    if (!current || current.start !== start) {
      current = { start, point: { t: p.t, [WEEK_DAYS]: 0 } };
      for (const key of keys) current.point[key] = 0;
      weeks.push(current.point);
    }
    current.point[WEEK_DAYS] = Number(current.point[WEEK_DAYS]) + 1;
    for (const key of keys) {
      const sum = current.point[key];
      const value = p[key];
      current.point[key] = typeof sum === 'number' && typeof value === 'number' ? sum + value : null;
    }
  }
  return weeks;
}
