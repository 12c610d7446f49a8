/**
 * UTC days for the usage series. A day is closed once it ended more than two hours ago, by the
 * service's clock: a reply can wait that long in the queue before it is sent (or dropped), so until
 * then the day's figures may still grow.
 */
export const DAY_MS = 86_400_000;
export const CLOSE_AFTER_MS = 2 * 3_600_000;
/** The contract's longest usage window. */
export const MAX_SERIES_DAYS = 366;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export function dayStartMs(day: string): number {
  if (!DAY.test(day)) throw new Error(`not a day: ${day}`);
  return Date.parse(`${day}T00:00:00.000Z`);
}

/** The day's inclusive window as the usage endpoint takes it (D11): its first and its last millisecond. */
export function dayWindow(day: string): { from: string; to: string } {
  const start = dayStartMs(day);
  return { from: new Date(start).toISOString(), to: new Date(start + DAY_MS - 1).toISOString() };
}

export const isClosed = (day: string, serviceNow: number): boolean => dayStartMs(day) + DAY_MS + CLOSE_AFTER_MS <= serviceNow;

export const addDays = (day: string, n: number): string => dayOf(dayStartMs(day) + n * DAY_MS);

/** Every day from `fromDay` to `toDay`, both included, oldest first. */
export function daysFrom(fromDay: string, toDay: string): string[] {
  const days: string[] = [];
  for (let day = fromDay; day <= toDay && days.length <= MAX_SERIES_DAYS; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The newest closed day by the service's clock. */
export function newestClosedDay(serviceNow: number): string {
  return dayOf(serviceNow - CLOSE_AFTER_MS - DAY_MS);
}
