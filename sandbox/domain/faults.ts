import { randomBase62 } from './ids';

export interface FaultInput {
  account_id?: string | undefined;
  method?: string | undefined;
  path_prefix: string;
  status: 429 | 500 | 503;
  times: number;
  retry_after?: number | undefined;
  dependency?: 'channel_provider' | 'ai_service' | undefined;
}

export interface Fault extends FaultInput {
  id: string;
  remaining: number;
}

/**
 * Injected failures for /v1 (D24). Kept in memory: they are a test's short-lived arrangement, and a
 * restart clearing them is the least surprising outcome.
 */
export interface Faults {
  add(input: FaultInput): Fault;
  list(): Fault[];
  /** Every fault, or only those armed for one account (when it is deleted). */
  clear(accountId?: string): void;
  /** True when no fault is waiting: the cheap check of the replay path (http/replay-cache.ts). */
  isEmpty(): boolean;
  /** Consumes one use of the first fault matching this call, if any. */
  take(call: { accountId: string; method: string; path: string }): Fault | undefined;
}

export function createFaults(): Faults {
  let faults: Fault[] = [];
  return {
    add(input) {
      const fault: Fault = { ...input, method: input.method?.toUpperCase(), id: `flt_${randomBase62(12)}`, remaining: input.times };
      faults.push(fault);
      return fault;
    },
    list: () => faults.map((fault) => ({ ...fault })),
    clear(accountId) {
      faults = accountId === undefined ? [] : faults.filter((fault) => fault.account_id !== accountId);
    },
    isEmpty: () => faults.length === 0,
    take({ accountId, method, path }) {
      const fault = faults.find(
        (f) =>
          f.remaining > 0 &&
          (f.account_id === undefined || f.account_id === accountId) &&
          (f.method === undefined || f.method === method.toUpperCase()) &&
          path.startsWith(f.path_prefix),
      );
      if (!fault) return undefined;
      fault.remaining -= 1;
      faults = faults.filter((f) => f.remaining > 0);
      return fault;
    },
  };
}
