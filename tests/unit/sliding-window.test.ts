import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SlidingWindow } from '../../sandbox/http/sliding-window';

// The rate limiter's window (D4) keeps calls in per-millisecond buckets; it must count exactly as
// the list of every call's time it replaced.
const WINDOW_MS = 1_000;

type Step = { kind: 'add'; dt: number } | { kind: 'remove-last' } | { kind: 'look'; dt: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), dt: fc.integer({ min: 0, max: 300 }) }),
  fc.record({ kind: fc.constant('remove-last' as const) }),
  fc.record({ kind: fc.constant('look' as const), dt: fc.integer({ min: 0, max: 1_500 }) }),
);

describe('SlidingWindow', () => {
  it('counts and times the next slot exactly as a list of call times would', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 400 }), (steps) => {
        const window = new SlidingWindow(WINDOW_MS);
        let calls: number[] = [];
        let now = 0;
        for (const s of steps) {
          if (s.kind === 'remove-last') {
            const last = calls.at(-1);
            if (last === undefined) continue;
            window.remove(last);
            calls = calls.slice(0, -1);
            continue;
          }
          now += s.dt;
          calls = calls.filter((at) => at > now - WINDOW_MS);
          if (s.kind === 'add') {
            window.add(now);
            calls.push(now);
          }
          expect(window.size(now)).toBe(calls.length);
          const oldest = calls[0];
          expect(window.secondsUntilSlot(now)).toBe(oldest === undefined ? 1 : Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000)));
        }
      }),
    );
  });

  it('counts a million calls made in one second, and lets them go by the millisecond', () => {
    const window = new SlidingWindow(60_000);
    for (let i = 0; i < 1_000_000; i += 1) window.add(1_000 + Math.floor(i / 1_000));
    expect(window.size(2_000)).toBe(1_000_000);
    // Calls at 1,501–1,999 ms are still inside a window ending at 61,500 ms.
    expect(window.size(61_500)).toBe(499_000);
  });
});
