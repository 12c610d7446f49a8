import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { slowdownForBenchmarkIndex } from '../../bench/cpu-slowdown';

describe("the mobile CPU slowdown from the host's BenchmarkIndex", () => {
  it("gives Lighthouse's default 4x on the host it was chosen for, and the calculator's figures elsewhere", () => {
    expect(slowdownForBenchmarkIndex(1533)).toBeCloseTo(4, 1);
    expect(slowdownForBenchmarkIndex(2000)).toBeCloseTo(6, 1);
    expect(slowdownForBenchmarkIndex(1300)).toBe(3);
    expect(slowdownForBenchmarkIndex(800)).toBe(2);
    expect(slowdownForBenchmarkIndex(150)).toBe(1);
    // This machine's usual reading: a slower host than Lighthouse's default assumes.
    expect(slowdownForBenchmarkIndex(1100)).toBeCloseTo(2.6, 1);
  });

  it('grows with the index and has no jump at the calculator’s bends', () => {
    fc.assert(
      fc.property(fc.double({ min: 150, max: 4000, noNaN: true }), fc.double({ min: 0, max: 500, noNaN: true }), (index, more) => {
        expect(slowdownForBenchmarkIndex(index + more)).toBeGreaterThanOrEqual(slowdownForBenchmarkIndex(index));
      }),
    );
    for (const bend of [800, 1300]) expect(slowdownForBenchmarkIndex(bend - 1e-9)).toBeCloseTo(slowdownForBenchmarkIndex(bend), 6);
  });

  it('refuses a host too slow to emulate the phone at all, or no reading', () => {
    expect(() => slowdownForBenchmarkIndex(149)).toThrow(/too slow/);
    expect(() => slowdownForBenchmarkIndex(Number.NaN)).toThrow(/too slow/);
  });
});
