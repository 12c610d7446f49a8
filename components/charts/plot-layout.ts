import type { TimePoint } from './time-series-types';

/**
 * Pixels one time label needs on the time axis ("30 Nov", "23:00" at 11 px), gap included. Telling
 * recharts how many ticks to skip spares it measuring every label's text in the page to find out.
 */
export const PIXELS_PER_TIME_LABEL = 56;

/** How many ticks to skip between two labelled ones, so that the labels of `count` points fit `width` pixels. */
export function tickInterval(count: number, width: number): number {
  const fit = Math.max(2, Math.floor(width / PIXELS_PER_TIME_LABEL));
  return Math.max(0, Math.ceil(count / fit) - 1);
}

const known = (point: TimePoint | undefined, key: string) => point !== undefined && point[key] !== null && point[key] !== undefined;

/** Whether some value of `key` has no value beside it on either side, so no line reaches it. */
export function hasIsolatedValue(points: readonly TimePoint[], key: string): boolean {
  return points.some((p, i) => known(p, key) && !known(points[i - 1], key) && !known(points[i + 1], key));
}
