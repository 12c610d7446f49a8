import type { Clock } from './clock';

/**
 * `accountId` set: only that account's due work, on its own clock (now is its time). null: the
 * due work of every account on the sandbox clock (accounts with their own clock had their turn
 * just before, so what is due for them is done already).
 */
export type DueWork = (now: Date, accountId: string | null) => void | Promise<void>;

/**
 * Runs registered due work (expiries, retries, queue drops in later issues) once a second on wall
 * time and at once after every clock advance, so D22's "within a second of the advance" holds.
 * Each job finds what is due itself, from the clock's now.
 */
export interface Scheduler {
  register(name: string, work: DueWork): void;
  /** Runs what is due now; with an account, only its work, on its clock. */
  runDue(accountId?: string): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

export function createScheduler(clock: Clock, log: (message: string) => void = console.error): Scheduler {
  const jobs = new Map<string, DueWork>();
  let timer: NodeJS.Timeout | undefined;
  // Serialises runs: an advance during a tick waits for it rather than doubling up on work.
  let running: Promise<void> = Promise.resolve();

  const runJobs = async (accountId: string | null) => {
    const now = clock.now();
    for (const [name, work] of jobs) {
      try {
        await work(now, accountId);
      } catch (error) {
        log(`sandbox due work "${name}" failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
    }
  };

  const runOnce = async (only?: string) => {
    if (only !== undefined) return clock.asAccount(only, () => runJobs(only));
    for (const accountId of clock.ownClocks()) await clock.asAccount(accountId, () => runJobs(accountId));
    await clock.asSandbox(() => runJobs(null));
  };

  const runDue = (only?: string) => {
    running = running.then(() => runOnce(only));
    return running;
  };

  clock.onAdvance((_now, accountId) => runDue(accountId ?? undefined));

  return {
    register(name, work) {
      jobs.set(name, work);
    },
    runDue,
    start() {
      if (timer) return;
      timer = setInterval(() => void runDue(), 1000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
