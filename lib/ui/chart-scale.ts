/**
 * A value axis that reads well: about `ticks` steps of 1, 2, 2.5 or 5 times a power of ten, from
 * zero to the first step at or above the largest value. Whole-number measures never get a step
 * below one, so the axis never shows 0.5 conversations.
 */
export function valueTicks(max: number, wholeNumbers: boolean, ticks = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const nice = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((step) => step >= rough) ?? 10 * magnitude;
  const step = wholeNumbers ? Math.max(1, Math.ceil(nice)) : nice;
  const steps = Math.ceil(max / step - 1e-9);
  // Multiplying each time (not adding) keeps 0.1 + 0.2 style drift out of the labels.
  return Array.from({ length: steps + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}
