import type { Store } from './db';
import { oncePer } from './prepared';

type Waiting = { work: () => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * Writes that arrive together share one commit: each runs in a savepoint of its own inside one
 * transaction per event-loop turn, so one that throws rolls back alone and its caller gets the
 * error, while the others commit. A caller is answered only after the commit, so whatever it
 * acknowledges is stored (a SIGKILL right after loses nothing answered). Under a burst of test
 * events the per-request commit was most of the sandbox's work.
 */
export interface GroupCommit {
  run<T>(work: () => T): Promise<T>;
}

export const groupCommitOf = oncePer((store: Store): GroupCommit => {
  let waiting: Waiting[] = [];
  let scheduled = false;

  function flush(): void {
    scheduled = false;
    const batch = waiting;
    waiting = [];
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      store.transaction(() => {
        for (const item of batch) {
          try {
            // Nested in the open transaction, better-sqlite3 runs this as a savepoint.
            outcomes.push({ ok: true, value: store.transaction(item.work) });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) item.resolve(outcome.value);
      else item.reject(outcome?.error);
    });
  }

  return {
    run<T>(work: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
});
