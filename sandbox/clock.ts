import { AsyncLocalStorage } from 'node:async_hooks';
import type { Store } from './store/db';

const OFFSET_KEY = 'clock_offset_ms';
const ACCOUNT_OFFSETS_KEY = 'account_clock_offsets_ms';

/** `accountId` is set when the advance was one account's own: only its due work runs. */
export type AdvanceListener = (now: Date, accountId: string | null) => void | Promise<void>;

/**
 * The sandbox clock (D22): wall time plus an offset that only grows and is stored, so that a test
 * can jump over an expiry or a retry wait and the jump survives a restart. Every time-dependent
 * rule reads this, never Date.now().
 *
 * An account may have a clock of its own: the sandbox's plus an offset of its own, which also only
 * grows. Work done for such an account (its requests, the control calls that name it, its share of
 * the due work) runs in its scope and reads its time, so two test suites can each jump their own
 * account's clock without expiring the other's handshakes or retrying its deliveries. An account
 * that never advanced its own clock simply follows the sandbox's.
 */
export interface Clock {
  /** Now for the work in progress: its account's own clock, else the sandbox's. */
  now(): Date;
  nowMs(): number;
  /** The sandbox clock's offset from wall time. */
  offsetMs(): number;
  /** Moves the sandbox clock forward (every account with it) and waits for the due work it triggers. */
  advance(seconds: number): Promise<Date>;
  onAdvance(listener: AdvanceListener): () => void;
  /** Runs `work` on the account's clock (its own, or the sandbox's when it has none). */
  asAccount<T>(accountId: string, work: () => T): T;
  /** Runs `work` on the sandbox clock, whatever account's work it was started from. */
  asSandbox<T>(work: () => T): T;
  /** The account whose own clock the work in progress reads, or null on the sandbox clock. */
  ownClockAccount(): string | null;
  /** How far the account's own clock is ahead of the sandbox's (0: it follows the sandbox's). */
  accountOffsetMs(accountId: string): number;
  /** Accounts with a clock of their own. */
  ownClocks(): string[];
  /** Moves one account's own clock forward and waits for its due work (the other accounts' is untouched). */
  advanceAccount(accountId: string, seconds: number): Promise<Date>;
  /** Drops an account's own clock (the account is gone). */
  forgetAccount(accountId: string): void;
  /** Counts every advance, of the sandbox clock or an account's: work that only changes with time can skip a pass. */
  advances(): number;
}

interface Scope {
  accountId: string | null;
}

function readOffsets(store: Store): Map<string, number> {
  try {
    const stored = JSON.parse(store.getSetting(ACCOUNT_OFFSETS_KEY) ?? '{}') as unknown;
    if (typeof stored !== 'object' || stored === null) return new Map();
    return new Map(Object.entries(stored).filter((entry): entry is [string, number] => Number.isFinite(entry[1]) && entry[1] > 0));
  } catch {
    return new Map();
  }
}

export function createClock(store: Store): Clock {
  let offset = Number(store.getSetting(OFFSET_KEY) ?? '0');
  if (!Number.isFinite(offset) || offset < 0) offset = 0;
  const accountOffsets = readOffsets(store);
  const listeners = new Set<AdvanceListener>();
  const scope = new AsyncLocalStorage<Scope>();
  let advanceCount = 0;

  const ownClockAccount = () => {
    const accountId = scope.getStore()?.accountId ?? null;
    return accountId !== null && accountOffsets.has(accountId) ? accountId : null;
  };
  const nowMs = () => {
    const accountId = ownClockAccount();
    return Date.now() + offset + (accountId === null ? 0 : (accountOffsets.get(accountId) ?? 0));
  };
  const saveAccountOffsets = () => store.setSetting(ACCOUNT_OFFSETS_KEY, JSON.stringify(Object.fromEntries(accountOffsets)));
  const tell = async (accountId: string | null) => {
    advanceCount += 1;
    const now = new Date(nowMs());
    for (const listener of listeners) await listener(now, accountId);
    return now;
  };

  return {
    nowMs,
    now: () => new Date(nowMs()),
    offsetMs: () => offset,
    async advance(seconds) {
      if (!(seconds > 0)) throw new RangeError('the sandbox clock only moves forward');
      offset += Math.round(seconds * 1000);
      store.setSetting(OFFSET_KEY, String(offset));
      return scope.run({ accountId: null }, () => tell(null));
    },
    onAdvance(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    asAccount: (accountId, work) => scope.run({ accountId }, work),
    asSandbox: (work) => scope.run({ accountId: null }, work),
    ownClockAccount,
    accountOffsetMs: (accountId) => accountOffsets.get(accountId) ?? 0,
    ownClocks: () => [...accountOffsets.keys()],
    async advanceAccount(accountId, seconds) {
      if (!(seconds > 0)) throw new RangeError("an account's clock only moves forward");
      accountOffsets.set(accountId, (accountOffsets.get(accountId) ?? 0) + Math.round(seconds * 1000));
      saveAccountOffsets();
      return scope.run({ accountId }, () => tell(accountId));
    },
    forgetAccount(accountId) {
      if (accountOffsets.delete(accountId)) saveAccountOffsets();
    },
    advances: () => advanceCount,
  };
}
