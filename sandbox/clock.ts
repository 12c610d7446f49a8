import type { Store } from './store/db';

const OFFSET_KEY = 'clock_offset_ms';

export type AdvanceListener = (now: Date) => void | Promise<void>;

/**
 * The sandbox clock (D22): wall time plus an offset that only grows and is stored, so that a test
 * can jump over an expiry or a retry wait and the jump survives a restart. Every time-dependent
 * rule reads this, never Date.now().
 */
export interface Clock {
  now(): Date;
  nowMs(): number;
  offsetMs(): number;
  /** Moves the clock forward and waits for the due work it triggers. */
  advance(seconds: number): Promise<Date>;
  onAdvance(listener: AdvanceListener): () => void;
}

export function createClock(store: Store): Clock {
  let offset = Number(store.getSetting(OFFSET_KEY) ?? '0');
  if (!Number.isFinite(offset) || offset < 0) offset = 0;
  const listeners = new Set<AdvanceListener>();

  const nowMs = () => Date.now() + offset;

  return {
    nowMs,
    now: () => new Date(nowMs()),
    offsetMs: () => offset,
    async advance(seconds) {
      if (!(seconds > 0)) throw new RangeError('the sandbox clock only moves forward');
      offset += Math.round(seconds * 1000);
      store.setSetting(OFFSET_KEY, String(offset));
      const now = new Date(nowMs());
      for (const listener of listeners) await listener(now);
      return now;
    },
    onAdvance(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
