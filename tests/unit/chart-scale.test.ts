import { describe, expect, it } from 'vitest';
import { valueTicks } from '@/lib/ui/chart-scale';

describe('chart value axis', () => {
  it('steps in 1, 2, 2.5 or 5 times a power of ten and reaches the largest value', () => {
    expect(valueTicks(100, true)).toEqual([0, 25, 50, 75, 100]);
    expect(valueTicks(37, true)).toEqual([0, 10, 20, 30, 40]);
    expect(valueTicks(1234, true)).toEqual([0, 500, 1000, 1500]);
  });
  it('keeps whole-number axes whole, and fractional ones exact', () => {
    expect(valueTicks(2, true)).toEqual([0, 1, 2]);
    expect(valueTicks(0.7, false)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
  });
  it('draws an empty chart from zero to one', () => {
    expect(valueTicks(0, true)).toEqual([0, 1]);
  });
});
