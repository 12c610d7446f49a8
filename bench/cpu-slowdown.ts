/** Lighthouse's calibration calculator, apart from the measuring (bench/cpu-calibration.ts), so it can be tested without a browser. */

/** Below this index Lighthouse's calculator says the host is too slow to emulate the target phone at all. */
const SLOWEST_INDEX = 150;

/**
 * The slowdown that makes this host behave like Lighthouse's mobile device, from the calculator's
 * piecewise-linear fit: 150 → 1×, 800 → 2×, 1,300 → 3×, 1,533 → 4× (the default), then one more
 * per 233.
 */
export function slowdownForBenchmarkIndex(index: number): number {
  if (!Number.isFinite(index) || index < SLOWEST_INDEX) {
    throw new Error(`BenchmarkIndex ${index} is too slow to emulate Lighthouse's mobile device`);
  }
  if (index >= 1300) return 3 + (index - 1300) / 233;
  if (index >= 800) return 2 + (index - 800) / 500;
  return 1 + (index - SLOWEST_INDEX) / 650;
}
