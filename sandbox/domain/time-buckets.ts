// UTC day and calendar-month buckets of the usage roll-ups, and how a window with arbitrary
// time-of-day edges splits into whole months, whole days and partial edge ranges.

export const DAY_MS = 86_400_000;

/** Days since 1970-01-01 UTC. Message times are >= 0, so the SQL `at / 86400000` agrees. */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

/** Months since 1970-01 (year * 12 + month index); the SQL of the bulk build computes the same. */
export function monthOfDay(day: number): number {
  const date = new Date(day * DAY_MS);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

export function firstDayOfMonth(month: number): number {
  return dayOf(Date.UTC(Math.floor(month / 12), month % 12, 1));
}

export function lastDayOfMonth(month: number): number {
  return firstDayOfMonth(month + 1) - 1;
}

export interface Range {
  from: number;
  to: number;
}

/**
 * The pieces of an inclusive window [fromMs, toMs]: `months` and `days` are whole buckets answered
 * from the roll-ups (disjoint, together exactly the whole days inside the window); `edges` are the
 * partial days at either end (at most two ms ranges), answered from the messages of those days.
 * `fullDays` is the span of all whole days, or null when the window holds none.
 */
export interface WindowPlan {
  fullDays: Range | null;
  months: Range | null;
  days: Range[];
  edges: Range[];
}

export function planWindow(fromMs: number, toMs: number): WindowPlan {
  const firstFull = fromMs % DAY_MS === 0 ? dayOf(fromMs) : dayOf(fromMs) + 1;
  // A day is whole when its last millisecond is inside the window too.
  const lastFull = (toMs + 1) % DAY_MS === 0 ? dayOf(toMs) : dayOf(toMs) - 1;
  if (firstFull > lastFull) return { fullDays: null, months: null, days: [], edges: [{ from: fromMs, to: toMs }] };

  const edges: Range[] = [];
  if (fromMs < firstFull * DAY_MS) edges.push({ from: fromMs, to: firstFull * DAY_MS - 1 });
  if (toMs > (lastFull + 1) * DAY_MS - 1) edges.push({ from: (lastFull + 1) * DAY_MS, to: toMs });

  const firstMonth = monthOfDay(firstFull);
  const lastMonth = monthOfDay(lastFull);
  const firstFullMonth = firstDayOfMonth(firstMonth) === firstFull ? firstMonth : firstMonth + 1;
  const lastFullMonth = lastDayOfMonth(lastMonth) === lastFull ? lastMonth : lastMonth - 1;
  const fullDays = { from: firstFull, to: lastFull };
  if (firstFullMonth > lastFullMonth) return { fullDays, months: null, days: [fullDays], edges };

  const days: Range[] = [];
  const monthsStart = firstDayOfMonth(firstFullMonth);
  const monthsEnd = lastDayOfMonth(lastFullMonth);
  if (firstFull < monthsStart) days.push({ from: firstFull, to: monthsStart - 1 });
  if (monthsEnd < lastFull) days.push({ from: monthsEnd + 1, to: lastFull });
  return { fullDays, months: { from: firstFullMonth, to: lastFullMonth }, days, edges };
}
