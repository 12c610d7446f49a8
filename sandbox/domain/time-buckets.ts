// UTC day buckets of the usage roll-ups, and how a window with arbitrary time-of-day edges splits
// into whole days and partial edge ranges.

export const DAY_MS = 86_400_000;

/** Days since 1970-01-01 UTC. Message times are >= 0, so the SQL `at / 86400000` agrees. */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

interface Range {
  from: number;
  to: number;
}

/**
 * The pieces of an inclusive window [fromMs, toMs]: `fullDays` is the span of all whole days inside
 * it (answered from the roll-ups), or null when the window holds none; `edges` are the partial days
 * at either end (at most two ms ranges), answered from the messages of those days.
 */
interface WindowPlan {
  fullDays: Range | null;
  edges: Range[];
}

export function planWindow(fromMs: number, toMs: number): WindowPlan {
  const firstFull = fromMs % DAY_MS === 0 ? dayOf(fromMs) : dayOf(fromMs) + 1;
  // A day is whole when its last millisecond is inside the window too.
  const lastFull = (toMs + 1) % DAY_MS === 0 ? dayOf(toMs) : dayOf(toMs) - 1;
  if (firstFull > lastFull) return { fullDays: null, edges: [{ from: fromMs, to: toMs }] };

  const edges: Range[] = [];
  if (fromMs < firstFull * DAY_MS) edges.push({ from: fromMs, to: firstFull * DAY_MS - 1 });
  if (toMs > (lastFull + 1) * DAY_MS - 1) edges.push({ from: (lastFull + 1) * DAY_MS, to: toMs });
  return { fullDays: { from: firstFull, to: lastFull }, edges };
}
