/**
 * The calls of one account inside a sliding window, exact to the millisecond. Calls made in the same
 * millisecond share one bucket, so memory is bounded by the window's length in milliseconds however
 * high the limit, and pruning walks a head index instead of shifting an array (which is O(n) once
 * V8 keeps a large array in large-object space).
 */
export class SlidingWindow {
  private times: number[] = [];
  private counts: number[] = [];
  private head = 0;
  private total = 0;

  constructor(private readonly lengthMs: number) {}

  /** Calls counted in the window that ends at `now`. */
  size(now: number): number {
    this.prune(now);
    return this.total;
  }

  add(now: number): void {
    const last = this.times.length - 1;
    if (last >= this.head && this.times[last] === now) this.counts[last] = (this.counts[last] ?? 0) + 1;
    else {
      this.times.push(now);
      this.counts.push(1);
    }
    this.total += 1;
  }

  /** Takes back one call counted at `at` (a call that ended up answered 429 is not counted). */
  remove(at: number): void {
    for (let i = this.times.length - 1; i >= this.head; i -= 1) {
      if (this.times[i] !== at) continue;
      const count = this.counts[i] ?? 0;
      if (count === 0) continue;
      this.counts[i] = count - 1;
      this.total -= 1;
      return;
    }
  }

  /** Whole seconds until the oldest counted call leaves the window, at least 1. */
  secondsUntilSlot(now: number): number {
    this.prune(now);
    const oldest = this.times[this.head];
    if (oldest === undefined) return 1;
    return Math.max(1, Math.ceil((oldest + this.lengthMs - now) / 1000));
  }

  private prune(now: number): void {
    const times = this.times;
    // Empty buckets (every call of that millisecond taken back) are dropped too, so the head is
    // always the oldest call still counted.
    while (this.head < times.length && ((times[this.head] ?? 0) <= now - this.lengthMs || this.counts[this.head] === 0)) {
      this.total -= this.counts[this.head] ?? 0;
      this.head += 1;
    }
    if (this.head > 1024 && this.head * 2 > times.length) {
      this.times = times.slice(this.head);
      this.counts = this.counts.slice(this.head);
      this.head = 0;
    }
  }
}
