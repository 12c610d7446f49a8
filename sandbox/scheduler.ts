import type { Clock } from './clock';

export type DueWork = (now: Date) => void | Promise<void>;

/**
 * Runs registered due work (expiries, retries, queue drops in later issues) once a second on wall
 * time and at once after every clock advance, so D22's "within a second of the advance" holds.
 * Each job finds what is due itself, from the clock's now.
 */
export interface Scheduler {
  register(name: string, work: DueWork): void;
  runDue(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

export function createScheduler(clock: Clock, log: (message: string) => void = console.error): Scheduler {
  const jobs = new Map<string, DueWork>();
  let timer: NodeJS.Timeout | undefined;
  // Serialises runs: an advance during a tick waits for it rather than doubling up on work.
  let running: Promise<void> = Promise.resolve();

  const runOnce = async () => {
    const now = clock.now();
    for (const [name, work] of jobs) {
      try {
        await work(now);
      } catch (error) {
        log(`sandbox due work "${name}" failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
    }
  };

  const runDue = () => {
    running = running.then(runOnce);
    return running;
  };

  clock.onAdvance(() => runDue());

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
